import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AGENT_PIN, newAgent, registerAgent, type Agent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, DESKTOP, launchChromium, openPage, PHONE } from './support/chromium';
import { fundAgent } from './support/funding';
import { agentToken } from './support/operator';
import { startServer, SUPPORT_WHATSAPP, type RunningServer } from './support/server';
import { pathOf, signIn, takenOver } from './support/ui';

const MENU_ITEMS = [
  'Dashboard',
  'Data',
  'Airtime',
  'Electricity Bill',
  'Cable Subscription',
  'Result Checker',
  'Bulk purchase',
  'My Referral',
  'Fund Wallet',
  'Transactions',
  'Bank Accounts',
  'Saved Customers',
  'Support',
  'Documentation',
  'API Keys',
  'Webhooks',
];

/** Buys ₦100 of airtime through the agent API: a transaction to list (set-up, not the subject). */
async function buyAirtime(baseUrl: string, token: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/agent/purchases`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      service: 'airtime',
      requestId: randomUUID(),
      network: 'mtn',
      phone: '08031234567',
      amount: '100',
      pin: AGENT_PIN,
    }),
  });
  if (response.status !== 201) throw new Error(`purchase answered ${response.status}: ${await response.text()}`);
}

async function referralCodeOf(baseUrl: string, token: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/agent/referrals`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: { code: string } }).data.code;
}

/**
 * Every amount of money in the page ("−₦100.00", "₦0.00") that something else covers, the page
 * scrolled from top to bottom 40 px at a time: at each stop, each amount wholly on screen below
 * the top bar must be the topmost element at its left end, centre and right end, and must not
 * meet the theme customization button's box.
 */
async function coveredAmounts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const name = (element: Element | null) =>
      element
        ? `${element.tagName.toLowerCase()}${element.getAttribute('aria-label') ? `[aria-label="${element.getAttribute('aria-label')}"]` : ''}.${[...element.classList].slice(0, 2).join('.')}`
        : 'nothing';
    const amounts = [...document.querySelectorAll<HTMLElement>('main *')].filter(
      (element) => element.children.length === 0 && /^[+−-]?₦[\d,]+\.\d{2}$/.test(element.textContent?.trim() ?? ''),
    );
    const button = document.querySelector('[aria-label="Open theme customization"]');
    const bannerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    const bottom = document.documentElement.scrollHeight - window.innerHeight;
    // Each amount once at the first stop where it is covered, and again if it is at the bottom.
    const covered = new Map<string, string>();
    for (let top = 0; ; top = Math.min(top + 40, bottom)) {
      window.scrollTo({ top, behavior: 'instant' });
      const buttonBox = button?.getBoundingClientRect();
      const atBottom = top >= bottom;
      const where = atBottom ? 'scrolled to the bottom' : `scrolled ${top} px`;
      amounts.forEach((amount, index) => {
        const key = atBottom ? `${index} at the bottom` : String(index);
        const box = amount.getBoundingClientRect();
        if (covered.has(key) || box.top < bannerBottom || box.bottom > window.innerHeight) return;
        const middle = box.top + box.height / 2;
        for (const x of [box.left + 1, box.left + box.width / 2, box.right - 1]) {
          const hit = document.elementFromPoint(x, middle);
          if (!amount.contains(hit)) covered.set(key, `${amount.textContent} (${where}) under ${name(hit)}`);
        }
        const meets =
          buttonBox &&
          buttonBox.width > 0 &&
          buttonBox.left < box.right &&
          box.left < buttonBox.right &&
          buttonBox.top < box.bottom &&
          box.top < buttonBox.bottom;
        if (meets) covered.set(key, `${amount.textContent} (${where}) meets ${name(button)}`);
      });
      if (atBottom) break;
    }
    return [...covered.values()];
  });
}

describe.skipIf(!browserAvailable)('the dashboard frame in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let agent: Agent;

  beforeAll(async () => {
    server = await startServer({ SUPPORT_WHATSAPP });
    browser = await launchChromium();
    agent = await registerAgent(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

  async function styleOf(page: Page) {
    const heading = page.getByRole('heading', { level: 1 });
    const card = page.locator('.MuiPaper-root', { has: page.getByText('Wallet balance') });
    return {
      font: await heading.evaluate((element) => getComputedStyle(element).fontFamily),
      radius: await card.evaluate((element) => getComputedStyle(element).borderTopLeftRadius),
    };
  }

  it('applies and remembers the font and border radius across a reload, with fonts served locally', async () => {
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await signIn(page, agent.username, agent.password);
    expect(await styleOf(page)).toEqual({ font: 'Roboto, sans-serif', radius: '12px' });

    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await page.getByRole('heading', { name: 'Theme Customization' }).waitFor();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await page.waitForTimeout(400); // let the drawer finish sliding in before measuring contrast
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('radio', { name: 'Poppins' }).check();
    const slider = page.getByRole('slider', { name: 'Border Radius' });
    expect(await slider.getAttribute('aria-valuemin')).toBe('4');
    expect(await slider.getAttribute('aria-valuemax')).toBe('24');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await slider.getAttribute('aria-valuenow')).toBe('16');
    await page.getByRole('button', { name: 'Close settings' }).click();
    expect(await styleOf(page)).toEqual({ font: 'Poppins, sans-serif', radius: '16px' });

    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await takenOver(page);
    expect(await styleOf(page)).toEqual({ font: 'Poppins, sans-serif', radius: '16px' });
    expect(await page.evaluate(() => document.fonts.ready.then(() => document.fonts.check('16px Poppins')))).toBe(true);
    await page.getByRole('button', { name: 'Open theme customization' }).click();
    expect(await page.getByRole('radio', { name: 'Poppins' }).isChecked()).toBe(true);
    expect(await page.getByRole('slider', { name: 'Border Radius' }).getAttribute('aria-valuenow')).toBe('16');

    // Self-hosted: every request went to the app's own origin (no font or script CDN).
    expect(requested.filter((url) => !url.startsWith(server.url) && !url.startsWith('data:'))).toEqual([]);
    expect(requested.some((url) => /poppins-latin-400-normal.*\.woff2$/.test(url))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uses a temporary drawer on a 375 px phone: closed at first, closed again after choosing', async () => {
    const { context, page } = await openPage(browser, server.url, PHONE);
    await signIn(page, agent.username, agent.password);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await menu(page).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await menu(page).waitFor();
    expect(await page.locator('.MuiBackdrop-root').isVisible()).toBe(true);
    expect(await menu(page).getByRole('link').allInnerTexts()).toEqual(MENU_ITEMS);
    await page.waitForTimeout(400); // let the drawer finish sliding in before measuring contrast
    expect(await seriousAxeViolations(page)).toEqual([]);

    await menu(page).getByRole('link', { name: 'Airtime' }).click();
    await page.getByRole('heading', { name: 'Airtime', level: 1 }).waitFor();
    await menu(page).waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/services/airtime');

    // No floating button over the form on a phone: the account menu opens the customization.
    expect(await page.getByRole('button', { name: 'Open theme customization' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await page.getByRole('heading', { name: 'Theme Customization' }).waitFor();
    await context.close();
  });

  it('fits a 360 px phone without sideways scrolling', async () => {
    const { context, page } = await openPage(browser, server.url, { width: 360, height: 640 });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const [path, heading] of [
      ['/register', 'Create an account'],
      ['/reset-password', 'Forgot password?'],
      ['/login', 'Sign in'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(await overflow(), path).toBeLessThanOrEqual(0);
    }
    await signIn(page, agent.username, agent.password);
    for (const [path, heading] of [
      ['/', 'Dashboard'],
      ['/user/profile', 'Profile'],
      ['/user/transactions', 'Transactions'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(await overflow(), path).toBeLessThanOrEqual(0);
    }
    await page.getByRole('button', { name: /account menu/ }).waitFor();
    expect((await page.getByRole('button', { name: /account menu/ }).boundingBox())!.x).toBeLessThan(360);
    await context.close();
  });

  it('uses a persistent drawer at 1280 px: open at first, toggled by the menu button', async () => {
    const { context, page } = await openPage(browser, server.url, DESKTOP);
    await signIn(page, agent.username, agent.password);
    await menu(page).waitFor();
    expect(await page.locator('.MuiBackdrop-root').count()).toBe(0);
    expect((await page.locator('.MuiDrawer-paper').first().boundingBox())?.width).toBe(260);

    await menu(page).getByRole('link', { name: 'Data' }).click();
    await page.getByRole('heading', { name: 'Data', level: 1 }).waitFor();
    expect(await menu(page).isVisible()).toBe(true);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.innerText()).toMatch(/Home\s*\S?\s*Services\s*\S?\s*Data/);
    expect(await menu(page).getByRole('link', { name: 'Data' }).getAttribute('aria-current')).toBe('page');

    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await menu(page).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await menu(page).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('covers no amount with the theme customization button on Transactions and My Referral, at 1280 and 1920 px, wherever the page is scrolled', async () => {
    // An agent whose two lists are long enough to scroll, and short enough to have no "Load
    // more" below them: their last amounts sit at the bottom of the page.
    const referrer = await registerAgent(server.url);
    await fundAgent(server.url, referrer);
    const token = await agentToken(server.url, referrer.username, referrer.password);
    await Promise.all(Array.from({ length: 12 }, () => buyAirtime(server.url, token)));
    const code = await referralCodeOf(server.url, token);
    await Promise.all(
      Array.from({ length: 10 }, () => registerAgent(server.url, Object.assign(newAgent(), { referralCode: code }))),
    );

    for (const viewport of [DESKTOP, { width: 1920, height: 1080 }]) {
      const { context, page } = await openPage(browser, server.url, viewport);
      await signIn(page, referrer.username, referrer.password);
      for (const [path, list, rows] of [
        ['/user/transactions', 'Transactions', 13],
        ['/user/referral', 'Referred agents', 10],
      ] as const) {
        const where = `${path} at ${viewport.width}x${viewport.height}`;
        await page.goto(path);
        const items = page.getByRole('list', { name: list }).getByRole('listitem');
        await items.nth(rows - 1).waitFor();
        expect(await items.count(), where).toBe(rows);
        // The button is shown at these widths and the page scrolls: the check has something to find.
        expect(await page.getByRole('button', { name: 'Open theme customization' }).isVisible(), where).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight), where).toBe(true);
        expect.soft(await coveredAmounts(page), where).toEqual([]);
      }
      await context.close();
    }
  });

  it('opens the WhatsApp chat from the green chat button', async () => {
    const { context, page } = await openPage(browser, server.url, DESKTOP);
    // No internet here: answer wa.me locally so the new window has a page to show.
    await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/plain', body: 'chat' }));
    await signIn(page, agent.username, agent.password);
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Chat with support' }).click();
    const chat = await popup;
    await chat.waitForLoadState();
    expect(chat.url()).toBe(`https://wa.me/${SUPPORT_WHATSAPP}`);
    await context.close();
  });

  it('can be used with the keyboard alone', async () => {
    const { context, page } = await openPage(browser, server.url, DESKTOP);
    await signIn(page, agent.username, agent.password);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.locator('body').focus();
    const reached: string[] = [];
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(() => {
          const element = document.activeElement;
          return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
        }),
      );
    }
    expect(reached).toEqual(
      expect.arrayContaining(['Toggle menu', 'Chat with support', 'AO account menu', 'Dashboard', 'Data']),
    );

    // The profile menu opens and works from the keyboard too.
    await page.getByRole('button', { name: /account menu/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await context.close();
  });
});

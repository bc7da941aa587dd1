import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { registerAgent, type Agent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, DESKTOP, launchChromium, openPage } from './support/chromium';
import { fundAgent } from './support/funding';
import { agentToken, signInOperator, type Operator } from './support/operator';
import { DEMO_OPERATOR, startServer, type RunningServer } from './support/server';
import { enterPin, pathOf, signIn } from './support/ui';

/** The small phone (e2e/support/chromium.ts's PHONE is 375 px wide). */
const SMALL_PHONE = { width: 360, height: 740 } as const;

interface SignedOperator {
  username: string;
  password: string;
}

/** The page's errors besides Chromium's own line for an answer the test provoked (a 422 it expects). */
const besides = (errors: string[], status: number) =>
  errors.filter((error) => !error.includes(`a status of ${status} `));

/**
 * Price levels in the console (docs/decisions/038): an operator changes what a level pays and
 * moves an agent into it, and the agent, buying in the browser, is charged the level's price.
 */
describe.skipIf(!browserAvailable)('the console’s price levels in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: Operator;
  const demo: SignedOperator = DEMO_OPERATOR;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    owner = await signInOperator(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function agentId(agent: Agent): Promise<string> {
    const { body } = await owner.call<{ data: { id: string }[] }>(
      'GET',
      `/api/v1/admin/agents?q=${encodeURIComponent(agent.email)}`,
    );
    const id = body.data[0]?.id;
    if (!id) throw new Error(`no agent ${agent.email}`);
    return id;
  }

  /** What the agent's wallet holds, as their own API answers it. */
  async function balanceOf(agent: Agent): Promise<string> {
    const token = await agentToken(server.url, agent.username, agent.password);
    const response = await fetch(`${server.url}/api/v1/agent/wallet/balance`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { data: { availableBalance: string } }).data.availableBalance;
  }

  /** Every ledger invariant holds: entries balance, balances equal their postings. */
  async function ledgerHolds() {
    const check = await owner.call<{ data: { ok: boolean; violations: unknown[] } }>(
      'GET',
      '/api/v1/admin/ledger/check',
    );
    expect(check.body.data).toEqual({ ok: true, violations: [] });
  }

  /** Opens `path` in the console signed in as `who`, and waits for the screen's heading. */
  async function openConsole(page: Page, path: string, who: SignedOperator, heading: string) {
    await page.goto(path);
    await page.getByRole('heading', { name: 'Operator sign-in', level: 1 }).waitFor();
    await page.getByLabel('Email, username or phone').fill(who.username);
    await page.getByLabel(/^Password/).fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    expect(pathOf(page)).toBe(path);
  }

  /** A support operator, invited by the owner and signed up with the emailed link. */
  async function supportOperator(): Promise<SignedOperator> {
    const n = `${Date.now() % 100_000_000}`.padStart(8, '0');
    const email = `levels${n}@provider.example`;
    const username = `support_${n}`;
    const made = await owner.call('POST', '/api/v1/admin/operators', {
      firstName: 'Sade',
      lastName: 'Staff',
      username,
      email,
      phone: `081${n}`,
      role: 'support',
    });
    if (made.status !== 201) throw new Error(`invite answered ${made.status}`);
    let token: string | undefined;
    for (let attempt = 0; attempt < 50 && !token; attempt++) {
      const outbox = await owner.call<{ data: { text: string | null }[] }>(
        'GET',
        `/api/v1/admin/outbox?limit=5&to=${encodeURIComponent(email)}`,
      );
      token = /admin\/accept-invite#token=([\w-]+)/.exec(outbox.body.data[0]?.text ?? '')?.[1];
      if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const password = 'support password 2026';
    const accepted = await fetch(`${server.url}/api/v1/admin/auth/accept-invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, newPassword: password }),
    });
    if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}`);
    return { username, password };
  }

  /** A level made through the operator API (the set-up of a test, not its subject). */
  async function levelNamed(name: string): Promise<string> {
    const made = await owner.call<{ data: { id: string } }>('POST', '/api/v1/admin/price-levels', { name });
    if (made.status !== 201) throw new Error(`level answered ${made.status}`);
    return made.body.data.id;
  }

  /** Buys on the agent's data screen, checking the price the confirmation asks for. */
  async function buyData(page: Page, plan: RegExp, expected: { face: string; price: string; after: string }) {
    await page.goto('/services/data');
    await page.getByLabel('Phone number').fill('08031234567');
    await page.getByRole('button', { name: 'MTN' }).click();
    await page.getByRole('radio', { name: plan }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
    await dialog.getByText(expected.after, { exact: true }).waitFor();
    const text = await dialog.innerText();
    expect(text).toContain(`Face value\n${expected.face}`);
    expect(text).toContain(`Your price\n${expected.price}`);
    await enterPin(dialog);
    await dialog.getByRole('button', { name: `Pay ${expected.price}` }).click();
    await page.getByRole('heading', { name: 'Successful' }).waitFor();
    await page.getByRole('main').getByText(`Balance: ${expected.after}`, { exact: true }).waitFor();
  }

  it('sets a level’s price for a plan, moves an agent into the level, and the agent pays it (1280 px)', async () => {
    const agent = await registerAgent(server.url);
    await fundAgent(server.url, agent);
    const id = await agentId(agent);
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);

    // From the catalogue to its levels; a new level, its name checked under the field first.
    await openConsole(page, '/admin/catalog', demo, 'Catalogue');
    await page.getByRole('link', { name: 'Price levels' }).click();
    await page.getByRole('heading', { name: 'Price levels', level: 1 }).waitFor();
    const agentLevel = page.getByRole('article', { name: 'Agent', exact: true });
    await agentLevel.getByText('New agents join it').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'New level' }).click();
    const naming = page.getByRole('dialog', { name: 'New price level' });
    await naming.getByLabel(/^Name/).fill('D');
    await naming.getByRole('button', { name: 'Create level' }).click();
    await naming.getByText('Name is at least 2 characters').waitFor();
    await naming.getByLabel(/^Name/).fill('Dealer (desk)');
    await naming.getByRole('button', { name: 'Create level' }).click();
    await page.getByRole('status').filter({ hasText: 'Price level Dealer (desk) created.' }).waitFor();

    // The level's prices beside the catalogue's; a price that is not whole kobo is refused under the field.
    await page.getByRole('link', { name: 'Edit prices of Dealer (desk)' }).click();
    await page.getByRole('heading', { name: 'Dealer (desk)', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Search services' }).fill('MTN Data');
    await page.getByRole('search', { name: 'Search services' }).getByRole('button', { name: 'Search' }).click();
    const service = page.getByRole('article', { name: 'MTN Data', exact: true });
    await service.getByRole('button', { name: 'Show plans of MTN Data' }).click();
    await page.getByRole('searchbox', { name: 'Search plans of MTN Data' }).fill('mtn-1gb-500');
    await page
      .getByRole('search', { name: 'Search plans of MTN Data' })
      .getByRole('button', { name: 'Search', exact: true })
      .click();
    const plans = page.getByRole('list', { name: 'Plans of MTN Data' });
    // The server's search answers the one plan (the list showed them all before it).
    await expect.poll(() => plans.getByRole('article').count(), { timeout: 15_000 }).toBe(1);
    const plan = plans.getByRole('article').filter({ hasText: 'Code mtn-1gb-500' });
    await plan.waitFor();
    const before = await plan.innerText();
    expect(before).toMatch(/Catalogue price\s+₦485\.00/);
    expect(before).toMatch(/Agent pays\s+₦485\.00\s+the catalogue’s price/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await plan.getByRole('button', { name: 'Set a level price' }).click();
    const pricing = page.getByRole('dialog', { name: /^Dealer \(desk\) price of / });
    const field = pricing.getByLabel(/^Level price in naira/);
    await field.fill('449.995');
    await pricing.getByRole('button', { name: 'Save price' }).click();
    await pricing.getByText('Enter an amount in naira, like 1500 or 1500.50').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await field.fill('450');
    await pricing.getByRole('button', { name: 'Save price' }).click();
    await pricing.waitFor({ state: 'detached' });
    await plan.getByText('this level’s fixed price').waitFor();
    const after = await plan.innerText();
    expect(after).toMatch(/Level price\s+₦450\.00/);
    expect(after).toMatch(/Agent pays\s+₦450\.00/);
    expect(after).toMatch(/Agent keeps\s+₦50\.00/);
    expect(after).toMatch(/Your margin\s+Unknown/);

    // The agent's page: their level, and the move.
    await page.goto(`/admin/agents/${id}`);
    const section = page.getByRole('region', { name: 'Price level' });
    await section.getByRole('link', { name: 'Agent', exact: true }).waitFor();
    await section.getByRole('button', { name: 'Change level' }).click();
    const moving = page.getByRole('dialog', { name: /^Price level of / });
    await moving.getByLabel('Level').selectOption({ label: 'Dealer (desk)' });
    await moving.getByText('0 agents · no service discounts · 1 plan price').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await moving.getByRole('button', { name: 'Move agent' }).click();
    await page.getByRole('status').filter({ hasText: 'The agent now buys at Dealer (desk) prices.' }).waitFor();
    await section.getByRole('link', { name: 'Dealer (desk)' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(besides(errors, 422)).toEqual([]);
    await context.close();

    // The agent, in their own browser, is asked for and charged the level's price.
    const shop = await openPage(browser, server.url, DESKTOP);
    await signIn(shop.page, agent.username, agent.password);
    await buyData(shop.page, /^1GB · 1 day/, { face: '₦500.00', price: '₦450.00', after: '₦49,550.00' });
    expect(await balanceOf(agent)).toBe('49550.00');
    await shop.page.goto('/user/transactions');
    await shop.page.getByRole('main').getByText('−₦450.00').waitFor();
    await ledgerHolds();

    // The API reference's example of the services list shows the agent's own price for the plan.
    await shop.page.goto('/documentation?tab=reference');
    const services = shop.page.getByRole('button', { name: /^GET \/api\/v1\/reseller\/services( |$)/ });
    await services.click();
    const details = shop.page.getByRole('region', { name: /^GET \/api\/v1\/reseller\/services / });
    await details.getByText('"price": "450.00"', { exact: false }).first().waitFor();
    expect(await details.getByText('"price": "485.00"', { exact: false }).count()).toBe(0);
    expect(shop.errors).toEqual([]);
    await shop.context.close();
  });

  it('sets a level’s discount for a service on a 360 px phone, and the agent of that level pays face value less it', async () => {
    const agent = await registerAgent(server.url);
    await fundAgent(server.url, agent);
    const id = await agentId(agent);
    const level = await levelNamed('Kiosk (phone)');
    const moved = await owner.call('PUT', `/api/v1/admin/agents/${id}/price-level`, { levelId: level });
    expect(moved.status).toBe(200);

    const { context, page, errors } = await openPage(browser, server.url, SMALL_PHONE);
    await openConsole(page, `/admin/catalog/levels/${level}`, demo, 'Kiosk (phone)');
    await page.getByRole('searchbox', { name: 'Search services' }).fill('MTN Data');
    await page.getByRole('search', { name: 'Search services' }).getByRole('button', { name: 'Search' }).click();
    const service = page.getByRole('article', { name: 'MTN Data', exact: true });
    await service.getByRole('button', { name: 'Set a level discount of MTN Data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kiosk (phone) discount on MTN Data' });
    const field = dialog.getByLabel(/^Discount in percent/);
    await field.fill('120');
    await dialog.getByRole('button', { name: 'Save discount' }).click();
    await dialog.getByText('Discount is a percent from 0 to 100 with up to two decimals').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await field.fill('8');
    await dialog.getByRole('button', { name: 'Save discount' }).click();
    await dialog.waitFor({ state: 'detached' });
    await service.getByRole('button', { name: 'Change the level discount of MTN Data' }).waitFor();
    expect(await service.innerText()).toMatch(/Level discount\s+8 %/);
    await service.getByRole('button', { name: 'Show plans of MTN Data' }).click();
    await page.getByRole('list', { name: 'Plans of MTN Data' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(besides(errors, 422)).toEqual([]);
    await context.close();

    // ₦500 less 8 %: ₦460.
    const shop = await openPage(browser, server.url, SMALL_PHONE);
    await signIn(shop.page, agent.username, agent.password);
    await buyData(shop.page, /^1GB · 1 day/, { face: '₦500.00', price: '₦460.00', after: '₦49,540.00' });
    expect(await balanceOf(agent)).toBe('49540.00');
    await ledgerHolds();
    expect(shop.errors).toEqual([]);
    await shop.context.close();
  });

  it('lets a support operator read levels and an agent’s level but change neither (360 px)', async () => {
    const agent = await registerAgent(server.url);
    const id = await agentId(agent);
    const support = await supportOperator();
    const { context, page, errors } = await openPage(browser, server.url, SMALL_PHONE);
    await openConsole(page, '/admin/catalog/levels', support, 'Price levels');
    expect(await page.getByRole('button', { name: 'New level' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Rename/ }).count()).toBe(0);
    await page.getByText('Only an owner or finance can change levels.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'See prices of Agent' }).click();
    await page.getByRole('heading', { name: 'Agent', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Search services' }).fill('MTN Data');
    await page.getByRole('search', { name: 'Search services' }).getByRole('button', { name: 'Search' }).click();
    const service = page.getByRole('article', { name: 'MTN Data', exact: true });
    await service.getByRole('button', { name: 'Show plans of MTN Data' }).click();
    await page.getByRole('list', { name: 'Plans of MTN Data' }).getByText('Code mtn-1gb-500').waitFor();
    expect(await page.getByRole('button', { name: /level (price|discount)/i }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(`/admin/agents/${id}`);
    const section = page.getByRole('region', { name: 'Price level' });
    await section.getByRole('link', { name: 'Agent', exact: true }).waitFor();
    expect(await section.getByRole('button', { name: 'Change level' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads in the dark theme too, at 360 and 1280 px, the levels, a level’s plans and its dialogs', async () => {
    const level = await levelNamed('Night (dark)');
    await owner.call('PUT', `/api/v1/admin/price-levels/${level}/services/mtn-data`, { discountPercent: '4' });
    for (const viewport of [SMALL_PHONE, DESKTOP]) {
      const { context, page, errors } = await openPage(browser, server.url, viewport);
      await openConsole(page, '/admin/catalog/levels', demo, 'Price levels');
      const toggle = page.getByRole('button', { name: 'Dark theme' });
      if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
      await page.getByRole('button', { name: 'Dark theme', pressed: true }).waitFor();
      await page.getByRole('article', { name: 'Night (dark)', exact: true }).waitFor();
      expect(await seriousAxeViolations(page), `${viewport.width} levels`).toEqual([]);
      await page.getByRole('button', { name: 'New level' }).click();
      await page.getByRole('dialog', { name: 'New price level' }).waitFor();
      expect(await seriousAxeViolations(page), `${viewport.width} new level`).toEqual([]);
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('link', { name: 'Edit prices of Night (dark)' }).click();
      await page.getByRole('heading', { name: 'Night (dark)', level: 1 }).waitFor();
      await page.getByRole('searchbox', { name: 'Search services' }).fill('MTN Data');
      await page.getByRole('search', { name: 'Search services' }).getByRole('button', { name: 'Search' }).click();
      const service = page.getByRole('article', { name: 'MTN Data', exact: true });
      await service.getByRole('button', { name: 'Show plans of MTN Data' }).click();
      await page
        .getByRole('list', { name: 'Plans of MTN Data' })
        .getByText('face value less this level’s 4 %')
        .first()
        .waitFor();
      expect(await seriousAxeViolations(page), `${viewport.width} level`).toEqual([]);
      await service.getByRole('button', { name: 'Change the level discount of MTN Data' }).click();
      await page.getByRole('dialog', { name: 'Night (dark) discount on MTN Data' }).waitFor();
      expect(await seriousAxeViolations(page), `${viewport.width} discount dialog`).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

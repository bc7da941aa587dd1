import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, DESKTOP, launchChromium, openPage } from './support/chromium';
import { registerAgent } from './support/api';
import { addFundingAccount, agentToken, signInOperator } from './support/operator';
import { DEMO_OPERATOR, startServer, type RunningServer } from './support/server';

const SMALL_PHONE = { width: 360, height: 740 } as const;
const PAYSTACK_SECRET = 'sk_test_paystack_secret_for_dark_mode';

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** The console light and dark (issue 21): the operator's choice, kept, and every screen readable in both. */
describe.skipIf(!browserAvailable)('the console’s dark theme', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ PAYSTACK_SECRET_KEY: PAYSTACK_SECRET });
    browser = await launchChromium();
    // Something on the screens to read: a reported transfer and a stranded gateway payment.
    const operator = await signInOperator(server.url);
    const account = await addFundingAccount(operator);
    const agent = await registerAgent(server.url);
    const token = await agentToken(server.url, agent.username, agent.password);
    const reported = await fetch(`${server.url}/api/v1/agent/funding-requests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        accountId: account.id,
        amount: '5000',
        senderName: 'Ada Okafor',
        reference: 'TRF-DARK-0001',
        transferDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date()),
      }),
    });
    expect(reported.status).toBe(201);
    const raw = JSON.stringify({
      event: 'charge.success',
      data: {
        reference: 'PSK-DARK-0001',
        amount: 300_000,
        status: 'success',
        channel: 'dedicated_nuban',
        customer: { customer_code: 'CUS_dark', email: 'payer@example.com' },
        authorization: {
          channel: 'dedicated_nuban',
          receiver_bank_account_number: '9931234567',
          sender_name: 'ADA OBI',
        },
      },
    });
    const delivered = await fetch(`${server.url}/api/v1/webhooks/paystack`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': createHmac('sha512', PAYSTACK_SECRET).update(raw).digest('hex'),
      },
      body: raw,
    });
    expect(delivered.status).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signIn(page: Page) {
    await page.goto('/admin/login');
    await page.getByRole('heading', { name: 'Operator sign-in', level: 1 }).waitFor();
    await page.getByLabel('Email, username or phone').fill(DEMO_OPERATOR.username);
    await page.getByLabel(/^Password/).fill(DEMO_OPERATOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Dark theme' }).waitFor();
  }

  it('follows the system’s choice first, switches by the top bar’s button, and keeps the choice', async () => {
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page);
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await bodyBackground(page)).toBe('rgb(18, 20, 24)');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await bodyBackground(page)).toBe('rgb(238, 242, 246)');
    // Chosen in this browser: kept over the system's choice, after a reload too.
    await page.reload();
    await page.getByRole('button', { name: 'Dark theme' }).waitFor();
    expect(await bodyBackground(page)).toBe('rgb(238, 242, 246)');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Dark theme', pressed: true }).waitFor();
    expect(await bodyBackground(page)).toBe('rgb(18, 20, 24)');
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const viewport of [SMALL_PHONE, DESKTOP]) {
    it(`passes axe in dark at ${viewport.width}×${viewport.height} on every section the menu links`, async () => {
      const { context, page } = await openPage(browser, server.url, viewport);
      await page.emulateMedia({ colorScheme: 'dark' });
      await signIn(page);
      expect(await bodyBackground(page)).toBe('rgb(18, 20, 24)');
      const wide = viewport.width >= 900;
      const menu = async () => {
        if (wide) return page.getByRole('navigation', { name: 'Console' });
        await page.getByRole('button', { name: 'Console menu' }).click();
        return page.getByRole('dialog', { name: 'Console menu' });
      };
      const nav = await menu();
      const paths = await nav
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
      if (!wide) await page.keyboard.press('Escape');
      expect(paths).toContain('/admin/funding');
      // Besides the sections, the screens one reaches from them.
      for (const path of [
        ...paths,
        '/admin/funding/gateway-payments',
        '/admin/upstreams/routes',
        '/admin/upstreams/clubkonnect/plans',
      ]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        // What the screen loads settles before axe reads it (no "Loading…" left).
        await page.waitForFunction(() => !document.querySelector('[role="progressbar"]'));
        if (path === '/admin/funding') await page.getByText('TRF-DARK-0001').waitFor();
        if (path === '/admin/funding/gateway-payments') await page.getByText('PSK-DARK-0001').waitFor();
        expect(await seriousAxeViolations(page), path).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
          viewport.width,
        );
      }
      await context.close();
    });
  }
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AGENT_PIN, registerAgent, type Agent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, DESKTOP, launchChromium, openPage } from './support/chromium';
import { agentToken, signInOperator, type Operator } from './support/operator';
import { DEMO_OPERATOR, startServer, type RunningServer } from './support/server';
import { pathOf } from './support/ui';
import { fundWallet } from './support/wallet';

/** The small phone (e2e/support/chromium.ts's PHONE is 375 px wide). */
const SMALL_PHONE = { width: 360, height: 740 } as const;
/** The sandbox's number that delivers. */
const DELIVERS = '08011111111';
const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
const shown = (amount: string) => naira.format(Number(amount));

interface Overview {
  asOf: string;
  today: { sales: string; delivered: number };
  funding: { waiting: number };
  float: { balance: string | null };
}

function lagosToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
}

describe.skipIf(!browserAvailable)('the console’s overview in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let operator: Operator;

  async function overview(): Promise<Overview> {
    const { status, body } = await operator.call<{ data: Overview }>('GET', '/api/v1/admin/overview');
    expect(status).toBe(200);
    return body.data;
  }

  async function asAgent(agent: Agent, path: string, json: unknown) {
    const token = await agentToken(server.url, agent.username, agent.password);
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
    return { status: response.status, body: (await response.json()) as { message: string; data: { price: string } } };
  }

  async function buyAirtime(agent: Agent, amount: string): Promise<string> {
    const { status, body } = await asAgent(agent, '/api/v1/agent/purchases', {
      service: 'airtime',
      requestId: crypto.randomUUID(),
      network: 'mtn',
      phone: DELIVERS,
      amount,
      pin: AGENT_PIN,
    });
    if (status !== 201) throw new Error(`purchase answered ${status}: ${body.message}`);
    return body.data.price;
  }

  /** Opens the overview (polling every `refresh` seconds) signed in as the demo operator. */
  async function openOverview(page: Page, refresh = 2) {
    await page.goto(`/admin?refresh=${refresh}`);
    await page.getByRole('heading', { name: 'Operator sign-in', level: 1 }).waitFor();
    await page.getByLabel('Email, username or phone').fill(DEMO_OPERATOR.username);
    await page.getByLabel(/^Password/).fill(DEMO_OPERATOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    // Back where the sign-in was asked for, the interval with it.
    expect(pathOf(page)).toBe('/admin');
  }

  beforeAll(async () => {
    // The float is read every second: a sale shows at the upstream's balance too.
    server = await startServer({ FLOAT_POLL_INTERVAL_MS: '1000' });
    browser = await launchChromium();
    operator = await signInOperator(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows today’s sales after an agent buys, and the next sale by its poll, without reloading', async () => {
    const agent = await registerAgent(server.url);
    await fundWallet(server.url, agent, '20000');
    const before = await overview();
    const price = await buyAirtime(agent, '500');
    expect(price).toBe('490.00');
    const after = await overview();
    // What agents paid: the ₦500 of airtime sold for ₦490 (2 % off) is ₦490 of sales.
    expect(Number(after.today.sales) - Number(before.today.sales)).toBe(490);
    expect(after.today.delivered - before.today.delivered).toBe(1);

    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await openOverview(page);
    const today = page.getByRole('region', { name: 'Today' });
    await today.getByText(shown(after.today.sales), { exact: true }).waitFor();
    const float = page.getByRole('region', { name: 'Upstream float' });
    await float.getByText(/^Read at /).waitFor();

    // A second sale shows by the poll: the page is the same page (nothing reloaded it).
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const updated = await page.getByText(/^Updated at /).innerText();
    const floatBefore = (await overview()).float.balance!;
    expect(await buyAirtime(agent, '1000')).toBe('980.00');
    const later = await overview();
    expect(Number(later.today.sales) - Number(after.today.sales)).toBe(980);
    await today.getByText(shown(later.today.sales), { exact: true }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(await page.getByText(/^Updated at /).innerText()).not.toBe(updated);
    // The upstream took the ₦1,000 face value: the float's poll reads it, the screen shows it.
    await float.getByText(shown((Number(floatBefore) - 1000).toFixed(2)), { exact: true }).waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the transfers waiting, and leads to the funding queue', async () => {
    const agent = await registerAgent(server.url);
    const token = await agentToken(server.url, agent.username, agent.password);
    const auth = { authorization: `Bearer ${token}` };
    const listed = await fetch(`${server.url}/api/v1/agent/manual-funding`, { headers: auth });
    const accountId = ((await listed.json()) as { data: { accounts: { id: string }[] } }).data.accounts[0]!.id;
    const before = (await overview()).funding.waiting;
    const reported = await fetch(`${server.url}/api/v1/agent/funding-requests`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        accountId,
        amount: '7000',
        senderName: 'Ada Okafor',
        reference: `OVW-${Date.now().toString(36)}`.toUpperCase(),
        transferDate: lagosToday(),
      }),
    });
    expect(reported.status).toBe(201);
    const waiting = (await overview()).funding.waiting;
    expect(waiting).toBe(before + 1);

    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await openOverview(page);
    const funding = page.getByRole('region', { name: 'Funding waiting' });
    await funding.getByText(`${waiting} ${waiting === 1 ? 'transfer' : 'transfers'}`, { exact: true }).waitFor();
    await funding.getByRole('link', { name: 'Open the funding queue' }).click();
    await page.getByRole('heading', { name: 'Funding queue', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/admin/funding');
    // The menu's Overview leads back, and is current there only.
    const nav = page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBeNull();
    await nav.getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(await nav.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows loading, then an error with Retry, then an empty business, and asks again when the tab is back', async () => {
    const { context, page } = await openPage(browser, server.url, DESKTOP);
    let answer: 'slow error' | 'empty' | 'real' = 'slow error';
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await page.route(
      (url) => url.pathname === '/api/v1/admin/overview',
      async (route) => {
        asked++;
        if (answer === 'real') return route.continue();
        if (answer === 'slow error') {
          await released;
          return route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: '{"message":"The database is not reachable","code":"SERVICE_UNAVAILABLE"}',
          });
        }
        // The server's answer as a provider's first day has it: nothing sold, nothing waiting.
        const response = await route.fetch();
        const body = (await response.json()) as { data: Record<string, unknown> };
        const none = {
          sales: '0.00',
          faceValue: '0.00',
          cost: null,
          margin: null,
          delivered: 0,
          pending: 0,
          failed: 0,
        };
        Object.assign(body.data, {
          today: none,
          month: none,
          pending: { count: 0, oldestAt: null, oldestAgeSeconds: null },
          failureRates: [],
          funding: { waiting: 0, oldestAt: null },
        });
        await route.fulfill({ response, json: body });
      },
    );
    // A long interval: only Retry and the tab's return ask again.
    await openOverview(page, 600);
    await page.getByRole('status').filter({ hasText: 'Loading the overview…' }).waitFor();
    release();
    await page.getByText(/^Could not load the overview\. /).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    answer = 'empty';
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('No orders this month and nothing waiting yet.', { exact: false }).waitFor();
    expect(await page.getByText(/^Could not load the overview\./).count()).toBe(0);
    await page
      .getByRole('region', { name: 'Pending orders' })
      .getByText('No orders waiting for the upstream.')
      .waitFor();
    await page
      .getByRole('region', { name: 'Failure rate, last hour' })
      .getByText('No orders settled in the last hour.')
      .waitFor();
    expect(await page.getByRole('region', { name: 'Today' }).getByText('No orders yet.').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Back to the tab: asked again at once, not a poll later.
    answer = 'real';
    const before = asked;
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page
      .getByRole('region', { name: 'Funding waiting' })
      .getByText(/^The oldest was reported /)
      .waitFor();
    expect(asked).toBeGreaterThan(before);
    await context.close();
  });

  it('shows the float’s warning in an alert, and a failed reading beside the last good one (axe clean at 360 px)', async () => {
    const { context, page, errors } = await openPage(browser, server.url, SMALL_PHONE);
    // The server's own answer with the float of a provider about to run out (the rule itself is
    // tested on the server with numbers): what the screen does with a warning.
    const note =
      'At today’s rate (₦20,000.00 an hour at face value), the rest of today needs about ₦180,000.00, more than the ₦150,000.00 at the upstream. Top up the upstream wallet before it runs out.';
    await page.route(
      (url) => url.pathname === '/api/v1/admin/overview',
      async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: { float: Record<string, unknown> } };
        body.data.float = {
          ...body.data.float,
          balance: '150000.00',
          neededToday: '180000.00',
          warning: true,
          note,
          lastError: 'upstream balance unavailable',
        };
        await route.fulfill({ response, json: body });
      },
    );
    await openOverview(page, 600);
    const float = page.getByRole('region', { name: 'Upstream float' });
    await float.getByText('₦150,000.00', { exact: true }).waitFor();
    expect(await float.getByRole('alert').innerText()).toBe(note);
    await float.getByText(/^The last reading failed: upstream balance unavailable\./).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const [name, viewport] of [
    ['a 360 px phone', SMALL_PHONE],
    ['a desktop', DESKTOP],
  ] as const) {
    it(`passes axe on ${name}, every card in the width`, async () => {
      const { context, page, errors } = await openPage(browser, server.url, viewport);
      await openOverview(page);
      for (const card of ['Upstream float', 'Pending orders', 'Funding waiting', 'Today', 'This month']) {
        await page.getByRole('region', { name: card }).waitFor();
      }
      await page.getByRole('region', { name: 'Failure rate, last hour' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AGENT_PIN, registerAgent, type Agent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, DESKTOP, launchChromium, openPage } from './support/chromium';
import { agentToken, signInOperator, type Operator } from './support/operator';
import { DEMO_OPERATOR, startServer, type RunningServer } from './support/server';
import { pathOf } from './support/ui';
import { fundWallet } from './support/wallet';

/** The small phone. */
const SMALL_PHONE = { width: 360, height: 740 } as const;
/** The sandbox's documented value that leaves a pay pending and delivers on the next requery. */
const PENDING_PHONE = '08012010000';
/** Credentials distinctive enough that finding one anywhere on a page is proof of a leak. */
const SECRETS = {
  UPSTREAM_API_KEY: 'e2e-apikey-Leak-7f3a',
  UPSTREAM_PUBLIC_KEY: 'PK_e2e-public-Leak-91',
  UPSTREAM_SECRET_KEY: 'SK_e2e-secret-Leak-52',
};

interface ListedOrder {
  id: string;
  reference: string;
  status: string;
}

/** The page's errors besides Chromium's line for an answer the test provoked on purpose. */
function besides(errors: string[], ...statuses: number[]): string[] {
  return errors.filter((error) => !statuses.some((status) => error.includes(`a status of ${status} `)));
}

async function consoleSignIn(page: Page) {
  await page.getByRole('heading', { name: 'Operator sign-in', level: 1 }).waitFor();
  await page.getByLabel('Email, username or phone').fill(DEMO_OPERATOR.username);
  await page.getByLabel(/^Password/).fill(DEMO_OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Buys ₦100 of MTN airtime for `phone` as the agent, through the agent API; answers the order's state. */
async function buyAirtime(baseUrl: string, agent: Agent, phone: string): Promise<string> {
  const token = await agentToken(baseUrl, agent.username, agent.password);
  const response = await fetch(`${baseUrl}/api/v1/agent/purchases`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      service: 'airtime',
      requestId: randomUUID(),
      network: 'mtn',
      phone,
      amount: '100',
      pin: AGENT_PIN,
    }),
  });
  const body = (await response.json()) as { message: string; data: { status: string } };
  if (response.status >= 300) throw new Error(`purchase answered ${response.status}: ${body.message}`);
  return body.data.status;
}

async function balance(baseUrl: string, agent: Agent): Promise<string> {
  const token = await agentToken(baseUrl, agent.username, agent.password);
  const response = await fetch(`${baseUrl}/api/v1/agent/wallet/balance`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: { availableBalance: string } }).data.availableBalance;
}

/** The agent's orders for a phone, newest first, as the operator API lists them. */
async function ordersOf(operator: Operator, agent: Agent, phone: string): Promise<ListedOrder[]> {
  const { body } = await operator.call<{ data: ListedOrder[] }>(
    'GET',
    `/api/v1/admin/orders?q=${phone}&agent=${agent.username}`,
  );
  return body.data;
}

function expectNoSecret(text: string) {
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
}

describe.skipIf(!browserAvailable)('the console’s orders in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let operator: Operator;

  beforeAll(async () => {
    server = await startServer({ ...SECRETS, REQUERY_INTERVAL_MS: '0' });
    browser = await launchChromium();
    operator = await signInOperator(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('finds an order by phone, shows every exchange with the upstream without a secret, requeries it; a refund the upstream answers with a delivery is refused in words', async () => {
    const agent = await registerAgent(server.url);
    await fundWallet(server.url, agent, '5000');
    expect(await buyAirtime(server.url, agent, PENDING_PHONE)).toBe('pending');
    expect(await buyAirtime(server.url, agent, PENDING_PHONE)).toBe('pending');
    const [toRefund, toRequery] = await ordersOf(operator, agent, PENDING_PHONE);
    const before = await balance(server.url, agent);
    expect(before).toBe('4804.00');

    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await page.goto('/admin/orders');
    await consoleSignIn(page);
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();

    // Found by the phone (as +234...), narrowed to the agent: the filters go to the URL.
    await page.getByLabel('Reference, request id, phone, meter or smartcard').fill(`+234${PENDING_PHONE.slice(1)}`);
    await page.getByLabel('Agent (username or id)').fill(agent.username);
    await page.getByRole('button', { name: 'Search' }).click();
    const list = page.getByRole('list', { name: 'Orders' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await list.getByRole('link', { name: toRequery!.reference }).waitFor();
    expect(new URL(page.url()).searchParams.get('agent')).toBe(agent.username);
    const row = await list.getByRole('listitem').filter({ hasText: toRequery!.reference }).innerText();
    expect(row).toContain(`Agent ${agent.username}`);
    expect(row).toContain(`Airtime for ${PENDING_PHONE}`);
    expect(row).toContain('₦98.00');
    expect(row).toContain('Pending');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The order's page: its exchanges, request and answer readable, no credential anywhere.
    await list.getByRole('link', { name: toRequery!.reference }).click();
    await page.getByRole('heading', { name: 'Exchanges with the upstream', level: 2 }).waitFor();
    expect(pathOf(page)).toBe(`/admin/orders/${toRequery!.id}`);
    await page.getByRole('button', { name: /^1\. Pay/ }).click();
    const request = await page.getByRole('region', { name: 'Request', exact: true }).innerText();
    expect(request).toContain('POST pay');
    expect(request).toContain(`"phone": "${PENDING_PHONE}"`);
    const answer = await page.getByRole('region', { name: /^Answer/ }).innerText();
    expect(answer).toContain('"code": "099"');
    expect(await page.getByRole('main').innerText()).toContain('Ordered by');
    expectNoSecret(await page.content());
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Requery now: the upstream delivered; the second exchange is on the page.
    await page.getByRole('button', { name: 'Requery now' }).click();
    await page.getByRole('status').filter({ hasText: 'Requeried: the order is delivered.' }).waitFor();
    await page.getByRole('button', { name: /^2\. Requery/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Requery now' }).count()).toBe(0);
    expectNoSecret(await page.content());

    // The other order: a refund asks the upstream first, which delivered it, so nothing is refunded.
    await page.getByRole('link', { name: 'All orders' }).click();
    await list.getByRole('link', { name: toRefund!.reference }).click();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund this order?' });
    await dialog.getByLabel(/^Reason/).fill('The customer says it never arrived');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Ask the upstream and refund' }).click();
    await page.getByRole('status').filter({ hasText: 'Not refunded: the upstream delivered this order' }).waitFor();
    expect(await balance(server.url, agent)).toBe(before);
    const detail = await operator.call<{ data: { order: { status: string } } }>(
      'GET',
      `/api/v1/admin/orders/${toRefund!.id}`,
    );
    expect(detail.body.data.order.status).toBe('delivered');
    expectNoSecret(JSON.stringify(detail.body));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pages the list by cursor ("Load more") and requeries all the orders shown, page by page, with its progress', async () => {
    const agent = await registerAgent(server.url);
    await fundWallet(server.url, agent, '5000');
    for (let i = 0; i < 22; i++) expect(await buyAirtime(server.url, agent, PENDING_PHONE)).toBe('pending');
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    const asked: string[][] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/admin/orders/requery') {
        asked.push((JSON.parse(request.postData() ?? '{}') as { ids: string[] }).ids);
      }
    });
    await page.goto(`/admin/orders?agent=${agent.username}&state=pending`);
    await consoleSignIn(page);
    const list = page.getByRole('list', { name: 'Orders' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(20);
    expect(await page.getByLabel('State').inputValue()).toBe('pending');
    // The next page comes when the end of the list scrolls into view (the button is there for
    // the keyboard; clicking it races that load, which replaces it).
    await page.getByRole('button', { name: 'Load more orders' }).scrollIntoViewIfNeeded();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(22);

    await page.getByRole('button', { name: 'Requery all 22 shown' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Asked the upstream about 22 orders. 22 orders settled now, 0 still pending.' })
      .waitFor();
    // Sent in pages the server takes (10 at most), each order once.
    expect(asked.map((ids) => ids.length)).toEqual([10, 10, 2]);
    expect(new Set(asked.flat()).size).toBe(22);
    // Asked again, the list of pending orders is empty: each one was delivered.
    await page.getByText('No orders match').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const viewport of [SMALL_PHONE, DESKTOP]) {
    it(`passes axe at ${viewport.width}×${viewport.height} on /admin/orders (empty, error, list) and an order's page`, async () => {
      const agent = await registerAgent(server.url);
      await fundWallet(server.url, agent, '1000');
      await buyAirtime(server.url, agent, PENDING_PHONE);
      const [order] = await ordersOf(operator, agent, PENDING_PHONE);
      const { context, page, errors } = await openPage(browser, server.url, viewport);
      await page.goto(`/admin/orders?q=${PENDING_PHONE}&agent=${agent.username}`);
      await consoleSignIn(page);
      await page.getByRole('link', { name: order!.reference }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);

      await page.goto(`/admin/orders?agent=nobody_${Date.now().toString(36)}`);
      await page.getByText('No orders match').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.goto('/admin/orders?q=ab');
      await page.getByRole('alert').filter({ hasText: 'type a whole reference' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.goto(`/admin/orders/${order!.id}`);
      await page.getByRole('button', { name: /^1\. Pay/ }).click();
      await page.getByRole('region', { name: 'Request', exact: true }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.goto(`/admin/orders/${randomUUID()}`);
      await page.getByText('There is no such order.').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(besides(errors, 404, 422)).toEqual([]);
      await context.close();
    });
  }
});

describe.skipIf(!browserAvailable)('a refund the server allows, in the browser', () => {
  // An upstream slower than our timeout: the pay and every requery answer nothing definitive.
  let server: RunningServer;
  let browser: Browser;
  let operator: Operator;

  beforeAll(async () => {
    server = await startServer({ SANDBOX_LATENCY_MS: '1500', UPSTREAM_TIMEOUT_MS: '1000', REQUERY_INTERVAL_MS: '0' });
    browser = await launchChromium();
    operator = await signInOperator(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('refuses to refund on an answer that is not definitive, then refunds by force with the reason: the balance comes back', async () => {
    const agent = await registerAgent(server.url);
    await fundWallet(server.url, agent, '1000');
    const phone = '08031234567';
    expect(await buyAirtime(server.url, agent, phone)).toBe('pending');
    expect(await balance(server.url, agent)).toBe('902.00');
    const [order] = await ordersOf(operator, agent, phone);

    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await page.goto(`/admin/orders/${order!.id}`);
    await consoleSignIn(page);
    await page.getByRole('button', { name: /^1\. Pay/ }).waitFor();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund this order?' });
    await dialog.getByLabel(/^Reason/).fill('The customer never got it; the upstream confirmed by phone');
    await dialog.getByRole('button', { name: 'Ask the upstream and refund' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: "Not refunded: the upstream's answer is not definitive" })
      .waitFor();
    expect(await balance(server.url, agent)).toBe('902.00');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await dialog.getByLabel(/^Refund anyway/).check();
    await dialog.getByRole('button', { name: 'Refund anyway' }).click();
    await page.getByRole('status').filter({ hasText: 'Refunded by force' }).waitFor();
    expect(await balance(server.url, agent)).toBe('1000.00');
    await page.getByText('Refunded ₦98.00 to the agent').waitFor();
    await page
      .getByText(/^Refund by operator/)
      .first()
      .waitFor();
    // Each attempt is on the page: the pay and the two requeries, none answered in time.
    await page.getByRole('button', { name: /^3\. Requery/ }).waitFor();
    expect(await page.getByRole('main').innerText()).toContain('No answer within 1000 ms');
    expect(besides(errors, 409)).toEqual([]);
    await context.close();
  });
});

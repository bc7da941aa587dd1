import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AGENT_PIN, registerAgent, type Agent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, launchChromium, openPage } from './support/chromium';
import { fundWallet } from './support/wallet';
import { agentToken } from './support/operator';
import { DEMO_AGENT, startServer, type RunningServer } from './support/server';
import { signIn } from './support/ui';

/** A 360 px phone: the agent at the kiosk. */
const SMALL_PHONE = { width: 360, height: 740 } as const;

interface Summary {
  today: { sales: string; delivered: number };
  month: { sales: string; cost: string; margin: string; delivered: number; pending: number; failed: number };
  daily: { date: string; total: string }[];
  recentTransactions: { name: string }[];
}

async function summaryOf(baseUrl: string, token: string): Promise<Summary> {
  const response = await fetch(`${baseUrl}/api/v1/agent/dashboard/summary`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Summary }).data;
}

/** Buys airtime through the agent API (the purchase is the setup here, not the subject). */
async function buyAirtime(baseUrl: string, token: string, amount: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/agent/purchases`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      service: 'airtime',
      requestId: randomUUID(),
      network: 'mtn',
      phone: '08031234567',
      amount,
      pin: AGENT_PIN,
    }),
  });
  expect(response.status).toBe(201);
}

const naira = (amount: string) =>
  new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(Number(amount));

/** The value beside a label in one of the home's figures cards. */
async function figure(page: Page, card: string, label: string): Promise<string> {
  return page.getByRole('region', { name: card }).locator('dt', { hasText: label }).locator('+ dd').innerText();
}

describe.skipIf(!browserAvailable)('the dashboard home in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('greets a new agent with first steps, the balance and the quick-buy tiles, on a phone', async () => {
    const agent = await registerAgent(server.url);
    const { context, page, errors } = await openPage(browser, server.url, SMALL_PHONE);
    await signIn(page, agent.username, agent.password);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const steps = page.getByRole('region', { name: /first sale is two steps away/ });
    await steps.waitFor();
    await steps.getByRole('link', { name: 'Report a transfer' }).waitFor();
    await steps.getByRole('link', { name: 'Buy airtime' }).waitFor();
    await page.getByText('₦0.00').first().waitFor();
    expect(await page.getByRole('navigation', { name: 'Quick buy' }).getByRole('link').allInnerTexts()).toEqual([
      'Airtime',
      'Data',
      'Electricity',
      'Cable TV',
      'Exam PINs',
    ]);
    expect(await page.getByRole('region', { name: 'Today' }).count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toMatch(/next release/i);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await steps.getByRole('link', { name: 'Buy airtime' }).click();
    await page.getByRole('heading', { name: 'Airtime', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after a purchase: today’s figures, the chart and the recent transaction with its receipt', async () => {
    const agent: Agent = await registerAgent(server.url);
    await fundWallet(server.url, agent);
    const token = await agentToken(server.url, agent.username, agent.password);
    await buyAirtime(server.url, token, '500');
    const { context, page, errors } = await openPage(browser, server.url);
    await signIn(page, agent.username, agent.password);
    await page.getByRole('region', { name: 'Today' }).waitFor();
    expect(await figure(page, 'Today', 'Sales')).toBe('₦500.00');
    expect(await figure(page, 'Today', 'Cost')).toBe('₦490.00');
    expect(await figure(page, 'Today', 'Margin')).toBe('₦10.00');
    expect(await page.getByRole('list', { name: 'Today: purchases by state' }).innerText()).toMatch(
      /1 delivered\s+0 pending\s+0 failed/,
    );
    expect(await figure(page, 'This month', 'Sales')).toBe('₦500.00');
    await page.getByText('₦49,510.00').first().waitFor();

    // The chart arrives after the page, once scrolled to, drawn on a canvas, with its numbers in
    // words and a table.
    await page.getByTestId('sales-summary').scrollIntoViewIfNeeded();
    await page.getByTestId('sales-chart').locator('canvas').waitFor();
    expect(await page.getByTestId('sales-summary').innerText()).toContain('Airtime ₦500.00');
    await page.getByText('Show the figures as a table').click();
    const rows = page.getByRole('table', { name: /Sales by day and service/ }).getByRole('row');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(1).innerText()).toContain('₦500.00');

    const recent = page.getByRole('region', { name: 'Recent transactions' });
    expect(await recent.getByRole('listitem').count()).toBe(2);
    expect(await recent.getByRole('listitem').first().innerText()).toContain('−₦490.00');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await recent
      .getByRole('link', { name: /^Receipt of / })
      .first()
      .click();
    await page.getByRole('article').getByText('Payment receipt').waitFor();
    expect(await page.getByRole('article').innerText()).toContain('Amount\n₦500.00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the demo agent the figures the server computes (a living dashboard when the demo is seeded)', async () => {
    const token = await agentToken(server.url, DEMO_AGENT.username, DEMO_AGENT.password);
    const summary = await summaryOf(server.url, token);
    const { context, page, errors } = await openPage(browser, server.url);
    await signIn(page, DEMO_AGENT.username, DEMO_AGENT.password);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const sold = summary.daily.some((day) => Number(day.total) > 0);
    if (sold) {
      await page.getByRole('region', { name: 'This month' }).waitFor();
      expect(await figure(page, 'This month', 'Sales')).toBe(naira(summary.month.sales));
      expect(await figure(page, 'This month', 'Margin')).toBe(naira(summary.month.margin));
      await page.getByTestId('sales-summary').scrollIntoViewIfNeeded();
      await page.getByTestId('sales-chart').locator('canvas').waitFor();
      const recent = page.getByRole('region', { name: 'Recent transactions' });
      expect(await recent.getByRole('listitem').count()).toBe(summary.recentTransactions.length);
    } else {
      await page.getByRole('region', { name: /first sale is two steps away/ }).waitFor();
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, fetches the chart’s code only when the agent scrolls to the chart', async () => {
    const { context, page, errors } = await openPage(browser, server.url, SMALL_PHONE);
    const chartChunk = /\/assets\/sales-chart-[\w-]+\.js$/;
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (chartChunk.test(new URL(request.url()).pathname)) fetched.push(request.url());
    });
    // The demo agent has sold: figures, chart and recent transactions below the first screen.
    await signIn(page, DEMO_AGENT.username, DEMO_AGENT.password);
    await page.getByRole('region', { name: 'This month' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(fetched).toEqual([]);

    await page.getByTestId('sales-summary').scrollIntoViewIfNeeded();
    await page.getByTestId('sales-chart').locator('canvas').waitFor();
    expect(fetched).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

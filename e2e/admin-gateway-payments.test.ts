import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { registerAgent, type Agent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, DESKTOP, launchChromium, openPage } from './support/chromium';
import { agentToken, signInOperator, type Operator } from './support/operator';
import { DEMO_OPERATOR, startServer, type RunningServer } from './support/server';

const SMALL_PHONE = { width: 360, height: 740 } as const;
const PAYSTACK_SECRET = 'sk_test_paystack_secret_for_browser_tests';

/**
 * Gateway payments in the console (issue 21, item 3): a payment into a virtual account that no
 * agent had when it arrived is found by the operator, credited to the agent it belongs to
 * exactly once, or set aside; a support operator sees them without the means to move money.
 */
describe.skipIf(!browserAvailable)('gateway payments in the console', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: Operator;

  beforeAll(async () => {
    // No fee: the amounts credited are the amounts paid (the fee has its own test, decision 046).
    server = await startServer({ PAYSTACK_SECRET_KEY: PAYSTACK_SECRET, PAYSTACK_FEE_PERCENT: '0' });
    browser = await launchChromium();
    owner = await signInOperator(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A signed Paystack delivery to a dedicated account nobody has on record: unmatched. */
  async function strandedPayment(kobo: number): Promise<string> {
    const reference = `PSK-${randomBytes(5).toString('hex').toUpperCase()}`;
    const raw = JSON.stringify({
      event: 'charge.success',
      data: {
        reference,
        amount: kobo,
        status: 'success',
        channel: 'dedicated_nuban',
        customer: { customer_code: `CUS_${randomBytes(4).toString('hex')}`, email: 'payer@example.com' },
        authorization: {
          channel: 'dedicated_nuban',
          receiver_bank_account_number: '9931234567',
          sender_name: 'ADA OBI',
        },
      },
    });
    // The gateway knows the payment (its sandbox confirms it when the operator's credit asks).
    const recorded = await fetch(`${server.url}/sandbox/paystack/_sandbox/transactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: raw,
    });
    expect(recorded.status).toBe(200);
    const answer = await fetch(`${server.url}/api/v1/webhooks/paystack`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': createHmac('sha512', PAYSTACK_SECRET).update(raw).digest('hex'),
      },
      body: raw,
    });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { outcome: string }).outcome).toBe('unmatched');
    return reference;
  }

  async function balance(agent: Agent): Promise<string> {
    const token = await agentToken(server.url, agent.username, agent.password);
    const response = await fetch(`${server.url}/api/v1/agent/wallet/balance`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { data: { availableBalance: string } }).data.availableBalance;
  }

  async function consoleSignIn(page: Page, identifier: string, password: string) {
    await page.getByRole('heading', { name: 'Operator sign-in', level: 1 }).waitFor();
    await page.getByLabel('Email, username or phone').fill(identifier);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  async function openPayments(
    page: Page,
    identifier: string = DEMO_OPERATOR.username,
    password: string = DEMO_OPERATOR.password,
  ) {
    await page.goto('/admin/funding');
    await consoleSignIn(page, identifier, password);
    await page.getByRole('heading', { name: 'Funding queue', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Funding' }).getByRole('link', { name: 'Gateway payments' }).click();
    await page.getByRole('heading', { name: 'Gateway payments', level: 1 }).waitFor();
  }

  /** A support operator, invited by the owner, who set their password with the emailed link. */
  async function supportOperator(): Promise<{ username: string; password: string }> {
    const id = randomBytes(4).toString('hex');
    const invited = {
      firstName: 'Sade',
      lastName: 'Bello',
      username: `sade_${id}`,
      email: `sade.${id}@example.com`,
      phone: `0803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      role: 'support',
    };
    expect((await owner.call('POST', '/api/v1/admin/operators', invited)).status).toBe(201);
    const outbox = await owner.call<{ data: { to: string; text: string | null }[] }>(
      'GET',
      '/api/v1/admin/outbox?limit=50',
    );
    const mail = outbox.body.data.find((email) => email.to === invited.email);
    const token = /accept-invite#token=([^\s]+)/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error('no invitation email with a link');
    const password = 'Support#Pass2026';
    const accepted = await fetch(`${server.url}/api/v1/admin/auth/accept-invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, newPassword: password }),
    });
    expect(accepted.status).toBe(200);
    return { username: invited.username, password };
  }

  it('credits a stranded payment to the agent found by phone, once, and lists it as credited', async () => {
    const agent = await registerAgent(server.url);
    const reference = await strandedPayment(750_000);
    expect(await balance(agent)).toBe('0.00');
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await openPayments(page);
    const card = page.getByRole('article').filter({ hasText: reference });
    await card.getByRole('heading', { name: '₦7,500.00 through Paystack' }).waitFor();
    await card.getByText('From ADA OBI').waitFor();

    await card.getByRole('button', { name: 'Credit to an agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Credit this payment to an agent?' });
    // Nothing chosen, no reason: said under each, and nothing is credited.
    await dialog.getByRole('button', { name: 'Credit', exact: true }).click();
    await dialog.getByText('Choose the agent this money belongs to').waitFor();
    await dialog.getByText('Reason is required').waitFor();
    await dialog.getByLabel('Find the agent').fill(agent.phone);
    await dialog.getByRole('radio', { name: new RegExp(agent.username) }).check();
    await dialog.getByLabel(/^Reason/).fill('Paid into the account before it was recorded');
    // A double click credits once: the second is ignored while the first is in flight.
    await dialog.getByRole('button', { name: `Credit ${agent.username}` }).dblclick();
    await page
      .getByRole('status')
      .filter({ hasText: `Credited ₦7,500.00 (reference ${reference})` })
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await balance(agent)).toBe('7500.00');
    await card.waitFor({ state: 'detached' });

    await page.getByRole('group', { name: 'Show payments' }).getByRole('button', { name: 'Credited' }).click();
    const credited = page.getByRole('article').filter({ hasText: reference });
    await credited.getByText(agent.username).first().waitFor();
    await credited.getByText('Paid into the account before it was recorded').waitFor();
    expect(await credited.getByRole('button').count()).toBe(0);
    expect(new URL(page.url()).search).toBe('?status=credited');

    // The same payment from another tab, already credited: refused by the server, not credited again.
    const payments = await owner.call<{ data: { id: string; reference: string }[] }>(
      'GET',
      '/api/v1/admin/gateway-payments?status=credited&limit=100',
    );
    const id = payments.body.data.find((payment) => payment.reference === reference)!.id;
    const again = await owner.call('POST', `/api/v1/admin/gateway-payments/${id}/credit`, {
      agentId: payments.body.data[0] ? await agentId(agent) : '',
      reason: 'again',
    });
    expect(again.status).toBe(409);
    expect(await balance(agent)).toBe('7500.00');
    expect(errors).toEqual([]);
    await context.close();
  });

  async function agentId(agent: Agent): Promise<string> {
    const found = await owner.call<{ data: { id: string; username: string }[] }>(
      'GET',
      `/api/v1/admin/agents?q=${encodeURIComponent(agent.username)}`,
    );
    return found.body.data.find((row) => row.username === agent.username)!.id;
  }

  it('sets a payment aside with its reason, crediting nobody', async () => {
    const reference = await strandedPayment(120_000);
    const { context, page } = await openPage(browser, server.url, DESKTOP);
    await openPayments(page);
    const card = page.getByRole('article').filter({ hasText: reference });
    await card.getByRole('button', { name: 'Set aside' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set this payment aside?' });
    await dialog.getByLabel(/^Reason/).fill('Refunded to the payer by the bank');
    await dialog.getByRole('button', { name: 'Set aside' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Set aside: ₦1,200.00, reference ${reference}` })
      .waitFor();
    await card.waitFor({ state: 'detached' });
    await page.getByRole('group', { name: 'Show payments' }).getByRole('button', { name: 'Set aside' }).click();
    const dismissed = page.getByRole('article').filter({ hasText: reference });
    await dismissed.getByText('Refunded to the payer by the bank').waitFor();
    await context.close();
  });

  it('shows a support operator the payments without the buttons that move money', async () => {
    const reference = await strandedPayment(90_000);
    const support = await supportOperator();
    const { context, page } = await openPage(browser, server.url, DESKTOP);
    await openPayments(page, support.username, support.password);
    const card = page.getByRole('article').filter({ hasText: reference });
    await card.getByRole('heading', { name: '₦900.00 through Paystack' }).waitFor();
    expect(await card.getByRole('button').count()).toBe(0);
    await context.close();
  });

  for (const viewport of [SMALL_PHONE, DESKTOP]) {
    it(`passes axe at ${viewport.width}×${viewport.height} with a payment, its credit dialog and the empty filters`, async () => {
      const agent = await registerAgent(server.url);
      const reference = await strandedPayment(40_000);
      const { context, page } = await openPage(browser, server.url, viewport);
      await openPayments(page);
      const card = page.getByRole('article').filter({ hasText: reference });
      await card.waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await card.getByRole('button', { name: 'Credit to an agent' }).click();
      const dialog = page.getByRole('dialog', { name: 'Credit this payment to an agent?' });
      await dialog.getByLabel('Find the agent').fill(agent.email);
      await dialog.getByRole('radio', { name: new RegExp(agent.username) }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('group', { name: 'Show payments' }).getByRole('button', { name: 'Set aside' }).click();
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await context.close();
    });
  }
});

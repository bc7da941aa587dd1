import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_SANDBOX_CREDENTIALS } from '../../config.js';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { expectLedgerHealthy } from '../../test/test-money.js';

const GOOD_BVN = '22222222222';
const LINKED_ACCOUNT = '0111111111';
const okoro = { firstName: 'Uchenna', lastName: 'Okoro' };
const SECRET = GATEWAY_SANDBOX_CREDENTIALS.paystackSecret;
const sign = (body: string) => createHmac('sha512', SECRET).update(body).digest('hex');

type Hook = { event: string; body: string; signature: string; delivered: number | string | null };

/**
 * Paystack's customer identification (decision 046) in the demo's configuration, where it is on
 * by default: the BVN with a linked bank account, the asynchronous check, its webhooks.
 */
describe('Paystack customer identification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '100000' } });
  }, 120_000);
  afterEach(async () => {
    await holdWebhooks(false);
    await expectLedgerHealthy(t.db);
  });
  afterAll(() => t?.close());

  const submit = (token: string, body: Record<string, unknown>) =>
    t.request('POST', '/api/v1/agent/kyc', { token, body });
  const kycState = async (token: string) => (await t.request('GET', '/api/v1/agent/kyc', { token })).body.data;
  const paystack = async (method: string, path: string, body?: unknown, control = false) => {
    const response = await fetch(`${t.url}/sandbox/paystack${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(control ? {} : { authorization: `Bearer ${SECRET}` }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const holdWebhooks = (hold: boolean) => paystack('POST', '/_sandbox/identification-webhooks', { hold }, true);
  const hooksFor = async (customerCode: string): Promise<Hook[]> =>
    ((await paystack('GET', '/_sandbox/identification-webhooks', undefined, true)).body.webhooks as Hook[]).filter(
      (hook) => (JSON.parse(hook.body) as { data: { customer_code: string } }).data.customer_code === customerCode,
    );
  const webhook = (body: string, signature?: string) =>
    t.request('POST', '/api/v1/webhooks/paystack', {
      raw: body,
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-paystack-signature': signature } : {}) },
    });
  const outcome = (answer: { body: unknown }) => (answer.body as { outcome?: string }).outcome;
  const customerOf = async (email: string) =>
    (await paystack('GET', `/customer/${encodeURIComponent(email)}`)).body.data;
  const paystackAccountsAtGateway = async (email: string) =>
    (await paystack('GET', `/dedicated_account?customer=${(await customerOf(email)).id}&active=true`)).body
      .data as unknown[];
  const paystackRows = async (userId: string) =>
    t.db.query<{ account_number: string }>(
      `SELECT account_number FROM virtual_accounts WHERE user_id = $1 AND provider = 'paystack'`,
      [userId],
    );
  /** Reads the state until Paystack's webhook has been handled (it comes about 300 ms after the request). */
  async function settled(token: string) {
    for (let tries = 0; tries < 50; tries += 1) {
      const state = await kycState(token);
      if (state.status !== 'pending') return state;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the identification webhook never settled the state');
  }
  const goodRequest = {
    idType: 'bvn',
    idNumber: GOOD_BVN,
    ...okoro,
    bankCode: '044',
    bankAccountNumber: LINKED_ACCOUNT,
  };

  it('asks for the bank account, checks it with Paystack, then opens the account; the ledger is untouched', async () => {
    const agent = await registerAgent(t);
    expect(await kycState(agent.token)).toMatchObject({ status: 'none', bankAccountRequired: true });

    const answer = await submit(agent.token, goodRequest);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toContain('Paystack is checking your bank account');
    // Monnify's account is open at once; Paystack's waits for its webhook.
    expect(answer.body.data).toMatchObject({ status: 'pending', failureMessage: null });
    expect(answer.body.data.accounts).toEqual([expect.objectContaining({ provider: 'monnify' })]);
    const [row] = await t.db.query<{ paystack_identification: string; paystack_customer_code: string }>(
      'SELECT paystack_identification, paystack_customer_code FROM agent_kyc WHERE user_id = $1',
      [agent.user.id],
    );
    expect(row).toMatchObject({
      paystack_identification: 'pending',
      paystack_customer_code: expect.stringMatching(/^CUS_/),
    });

    const done = await settled(agent.token);
    expect(done).toMatchObject({ status: 'verified', failureMessage: null, maskedId: '222****2222' });
    expect(done.accounts).toEqual([
      expect.objectContaining({ provider: 'monnify' }),
      expect.objectContaining({ provider: 'paystack', bankName: 'Test Bank', accountName: 'AGENTDESK/UCHENNA OKORO' }),
    ]);
    expect(await paystackAccountsAtGateway(agent.user.email)).toHaveLength(1);
    // Identity checks move no money.
    const entries = await t.db.query(
      `SELECT 1 FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.user_id = $1
       UNION ALL SELECT 1 FROM wallet_transactions WHERE user_id = $1`,
      [agent.user.id],
    );
    expect(entries).toHaveLength(0);
    const wallet = await t.request('GET', '/api/v1/agent/wallet/balance', { token: agent.token });
    expect(wallet.body.data.availableBalance).toBe('0.00');
  });

  it('opens the account once when the success webhook is replayed concurrently', async () => {
    await holdWebhooks(true);
    const agent = await registerAgent(t);
    expect((await submit(agent.token, goodRequest)).body.data.status).toBe('pending');
    // A second submit while Paystack checks is refused.
    expect((await submit(agent.token, goodRequest)).status).toBe(409);
    const code = (await customerOf(agent.user.email)).customer_code as string;
    let hooks: Hook[] = [];
    for (let tries = 0; tries < 50 && hooks.length === 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      hooks = await hooksFor(code);
    }
    expect(hooks).toHaveLength(1);
    const hook = hooks[0]!;
    expect(hook).toMatchObject({ event: 'success', delivered: null });
    expect(hook.signature).toBe(sign(hook.body));
    expect(JSON.parse(hook.body)).toMatchObject({
      event: 'customeridentification.success',
      data: {
        customer_code: code,
        email: agent.user.email,
        identification: { type: 'bank_account', bank_code: '044' },
      },
    });

    const answers = await Promise.all(Array.from({ length: 5 }, () => webhook(hook.body, hook.signature)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map(outcome).every((value) => value === 'opened' || value === 'duplicate')).toBe(true);
    expect(answers.map(outcome)).toContain('opened');
    expect(await paystackRows(agent.user.id)).toHaveLength(1);
    expect(await paystackAccountsAtGateway(agent.user.email)).toHaveLength(1);
    expect(await kycState(agent.token)).toMatchObject({ status: 'verified' });
    expect(outcome(await webhook(hook.body, hook.signature))).toBe('duplicate');
    // A late failure for an identified customer changes nothing.
    const late = JSON.stringify({
      event: 'customeridentification.failed',
      data: { customer_code: code, email: agent.user.email, reason: 'late' },
    });
    expect(outcome(await webhook(late, sign(late)))).toBe('ignored');
    expect(await kycState(agent.token)).toMatchObject({ status: 'verified' });
  });

  it('shows Paystack’s reason when the check fails, and a retry with the right account opens it', async () => {
    const agent = await registerAgent(t);
    const wrong = await submit(agent.token, { ...goodRequest, bankAccountNumber: '0222222222' });
    expect(wrong.body.data.status).toBe('pending');
    const failed = await settled(agent.token);
    expect(failed).toMatchObject({
      status: 'failed',
      failureMessage: 'Paystack could not verify your bank account: Account number or BVN is incorrect',
    });
    expect(failed.accounts).toEqual([expect.objectContaining({ provider: 'monnify' })]);
    expect(await paystackRows(agent.user.id)).toHaveLength(0);

    const retry = await submit(agent.token, goodRequest);
    expect(retry.status).toBe(200);
    expect(retry.body.data).toMatchObject({ status: 'pending', failureMessage: null });
    expect(await settled(agent.token)).toMatchObject({ status: 'verified', failureMessage: null });
    expect(await paystackRows(agent.user.id)).toHaveLength(1);
    // Monnify's account was fetched, not opened again.
    const monnify = await t.db.query(`SELECT 1 FROM virtual_accounts WHERE user_id = $1 AND provider = 'monnify'`, [
      agent.user.id,
    ]);
    expect(monnify).toHaveLength(1);
  });

  it('fails on a name that is not the BVN’s', async () => {
    const agent = await registerAgent(t);
    // Monnify checks the name first and refuses at once (422), Paystack is not asked.
    const answer = await submit(agent.token, { ...goodRequest, firstName: 'Chidi', lastName: 'Okafor' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'idNumber' })]);
    expect(await paystackRows(agent.user.id)).toHaveLength(0);
  });

  it('refuses missing or wrong bank fields, naming the field, before asking any gateway', async () => {
    const agent = await registerAgent(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...goodRequest, bankAccountNumber: undefined }, 'bankAccountNumber'],
      [{ ...goodRequest, bankCode: undefined }, 'bankCode'],
      [{ ...goodRequest, bankAccountNumber: '01111' }, 'bankAccountNumber'],
      [{ ...goodRequest, bankCode: '999' }, 'bankCode'],
      // 9PSB has no CBN code for Paystack's bank_code.
      [{ ...goodRequest, bankCode: '120001' }, 'bankCode'],
      [{ ...goodRequest, idType: 'nin', idNumber: '12345678901' }, 'idType'],
    ];
    for (const [body, path] of cases) {
      const answer = await submit(agent.token, body);
      expect(answer.status, path).toBe(422);
      expect(answer.body.errors, JSON.stringify(body)).toEqual([expect.objectContaining({ path })]);
    }
    expect(await kycState(agent.token)).toMatchObject({ status: 'none', accounts: [] });
  });

  it('requires the signature, and ignores a customer it does not know', async () => {
    const agent = await registerAgent(t);
    await holdWebhooks(true);
    await submit(agent.token, goodRequest);
    const code = (await customerOf(agent.user.email)).customer_code as string;
    const body = JSON.stringify({
      event: 'customeridentification.success',
      data: { customer_code: code, email: agent.user.email, identification: { country: 'NG', type: 'bank_account' } },
    });
    expect((await webhook(body)).status).toBe(401);
    expect((await webhook(body, sign(`${body} `))).status).toBe(401);
    expect((await webhook(body, createHmac('sha512', 'another secret').update(body).digest('hex'))).status).toBe(401);
    expect(await kycState(agent.token)).toMatchObject({ status: 'pending' });
    expect(await paystackRows(agent.user.id)).toHaveLength(0);

    const stranger = JSON.stringify({
      event: 'customeridentification.success',
      data: { customer_code: 'CUS_nobody', email: 'nobody@example.com' },
    });
    const ignored = await webhook(stranger, sign(stranger));
    expect(ignored.status).toBe(200);
    expect(outcome(ignored)).toBe('ignored');
  });

  it('sandbox: the identification endpoint over HTTP, with the reference’s test values', async () => {
    await holdWebhooks(true);
    const email = `sandbox.id.${Date.now()}@example.com`;
    const created = await paystack('POST', '/customer', {
      email,
      first_name: 'Someone',
      last_name: 'Else',
      phone: '0801',
    });
    const code = created.body.data.customer_code as string;
    // No dedicated account before the customer is identified.
    const early = await paystack('POST', '/dedicated_account', { customer: code, preferred_bank: 'test-bank' });
    expect(early.status).toBe(400);
    expect(early.body.status).toBe(false);

    const missing = await paystack('POST', `/customer/${code}/identification`, { country: 'NG', type: 'bank_account' });
    expect(missing).toMatchObject({ status: 400, body: { status: false, message: 'account_number is required' } });
    const unauthorised = await fetch(`${t.url}/sandbox/paystack/customer/${code}/identification`, { method: 'POST' });
    expect(unauthorised.status).toBe(401);

    const asked = await paystack('POST', `/customer/${code}/identification`, {
      country: 'NG',
      type: 'bank_account',
      account_number: '0111111111',
      bvn: '222222222221',
      bank_code: '007',
      first_name: 'Uchenna',
      last_name: 'Okoro',
    });
    expect(asked).toMatchObject({
      status: 200,
      body: { status: true, message: 'Customer Identification in progress' },
    });
    let hooks: Hook[] = [];
    for (let tries = 0; tries < 50 && hooks.length === 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      hooks = await hooksFor(code);
    }
    expect(hooks[0]!.signature).toBe(sign(hooks[0]!.body));
    expect(JSON.parse(hooks[0]!.body)).toMatchObject({
      event: 'customeridentification.success',
      data: {
        customer_code: code,
        identification: { bvn: '222*****221', account_number: '011****111', bank_code: '007' },
      },
    });
    // Identified: the BVN's names replace the ones given, and the account can be assigned.
    expect(await customerOf(email)).toMatchObject({ identified: true, first_name: 'Uchenna', last_name: 'Okoro' });
    const dva = await paystack('POST', '/dedicated_account', { customer: code, preferred_bank: 'test-bank' });
    expect(dva.body).toMatchObject({ status: true, data: { account_name: 'AGENTDESK/UCHENNA OKORO' } });

    // A failing combination: a known BVN with an account not linked to it.
    const other = await paystack('POST', '/customer', {
      email: `x${email}`,
      first_name: 'A',
      last_name: 'B',
      phone: '0',
    });
    const otherCode = other.body.data.customer_code as string;
    await paystack('POST', `/customer/${otherCode}/identification`, {
      country: 'NG',
      type: 'bank_account',
      account_number: '0222222222',
      bvn: '222222222221',
      bank_code: '007',
      first_name: 'Uchenna',
      last_name: 'Okoro',
    });
    let failedHooks: Hook[] = [];
    for (let tries = 0; tries < 50 && failedHooks.length === 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      failedHooks = await hooksFor(otherCode);
    }
    expect(JSON.parse(failedHooks[0]!.body)).toMatchObject({
      event: 'customeridentification.failed',
      data: { customer_code: otherCode, reason: 'Account number or BVN is incorrect' },
    });
    expect(await customerOf(`x${email}`)).toMatchObject({ identified: false });
  });
});

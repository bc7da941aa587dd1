import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { recordAtGateway } from '../../test/test-gateways.js';
import { expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken } from '../../test/test-operator.js';
import { decryptIdNumber, KYC_KEY_PURPOSE } from './id-cipher.js';
import { KYC_SUBMITS_PER_HOUR } from './kyc.routes.js';

const GOOD_BVN = '22222222222';
const GOOD_NIN = '12345678901';
const OUTAGE_ID = '22222222290';
const okoro = { firstName: 'Uchenna', lastName: 'Okoro' };

/**
 * Self-funding wallets (decision 046) in the demo's configuration: both gateways on their
 * sandboxes, their default fees; Paystack without customer identification (that path is
 * paystack-identification.test.ts).
 */
describe('identity checks and self-funding wallets', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '100000', PAYSTACK_VALIDATE_CUSTOMERS: 'false' } });
    operator = await operatorToken(t);
  }, 120_000);
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t?.close());

  const submit = (token: string, body: Record<string, unknown>) =>
    t.request('POST', '/api/v1/agent/kyc', { token, body });
  const balance = async (token: string) =>
    (await t.request('GET', '/api/v1/agent/wallet/balance', { token })).body.data.availableBalance as string;
  const sandbox = async (gateway: 'monnify' | 'paystack', path: string, body: unknown) => {
    const response = await fetch(`${t.url}/sandbox/${gateway}/_sandbox/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const webhook = (gateway: 'monnify' | 'paystack', hook: { body: string; signature: string }) =>
    t.request('POST', `/api/v1/webhooks/${gateway}`, {
      raw: hook.body,
      headers: {
        'content-type': 'application/json',
        [gateway === 'paystack' ? 'x-paystack-signature' : 'monnify-signature']: hook.signature,
      },
    });
  const outcome = (answer: { body: unknown }) => (answer.body as { outcome?: string }).outcome;

  async function verifiedAgent() {
    const agent = await registerAgent(t);
    const answer = await submit(agent.token, { idType: 'bvn', idNumber: GOOD_BVN, ...okoro });
    expect(answer.status).toBe(200);
    const accounts = answer.body.data.accounts as Array<{ provider: string; accountNumber: string }>;
    return {
      ...agent,
      monnify: accounts.find((a) => a.provider === 'monnify')!.accountNumber,
      paystack: accounts.find((a) => a.provider === 'paystack')!.accountNumber,
    };
  }

  it('shows an agent without a check why they have no account numbers, with the fees', async () => {
    const agent = await registerAgent(t);
    const state = await t.request('GET', '/api/v1/agent/kyc', { token: agent.token });
    expect(state.status).toBe(200);
    expect(state.body.data).toMatchObject({ status: 'none', maskedId: null, accounts: [] });
    expect(state.body.data.fees).toEqual([
      { provider: 'monnify', flat: '0.00', percent: '1.50', cap: '2000.00' },
      { provider: 'paystack', flat: '0.00', percent: '1.00', cap: '300.00' },
    ]);
  });

  it('opens both dedicated accounts for a good BVN, stores it only encrypted, and shows it masked', async () => {
    const agent = await registerAgent(t);
    const answer = await submit(agent.token, { idType: 'bvn', idNumber: GOOD_BVN, ...okoro });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      status: 'verified',
      idType: 'bvn',
      maskedId: '222****2222',
      failureMessage: null,
    });
    expect(answer.body.data.accounts).toEqual([
      expect.objectContaining({
        provider: 'monnify',
        bankName: 'Moniepoint Microfinance Bank',
        accountName: 'Uchenna Okoro',
      }),
      expect.objectContaining({ provider: 'paystack', bankName: 'Test Bank', accountName: 'AGENTDESK/UCHENNA OKORO' }),
    ]);

    // At rest: no column of the row holds the number; the ciphertext opens with the KYC key for this agent only.
    const [row] = await t.db.query<{ whole: string; id_ciphertext: string }>(
      'SELECT row_to_json(k)::text AS whole, id_ciphertext FROM agent_kyc k WHERE user_id = $1',
      [agent.user.id],
    );
    expect(row!.whole).not.toContain(GOOD_BVN);
    const key = t.app.serverSecret.keyFor(KYC_KEY_PURPOSE);
    expect(decryptIdNumber(key, agent.user.id, row!.id_ciphertext)).toBe(GOOD_BVN);
    const other = await registerAgent(t);
    expect(() => decryptIdNumber(key, other.user.id, row!.id_ciphertext)).toThrow();

    // Operators see the state, masked; another agent sees only their own.
    const seen = await t.request('GET', `/api/v1/admin/agents/${agent.user.id}/kyc`, { token: operator });
    expect(seen.body.data).toMatchObject({ status: 'verified', maskedId: '222****2222' });
    expect(JSON.stringify(seen.body)).not.toContain(GOOD_BVN);
    const listed = await t.request('GET', `/api/v1/admin/agents?q=${encodeURIComponent(agent.user.email)}`, {
      token: operator,
    });
    expect(listed.body.data).toEqual([expect.objectContaining({ id: agent.user.id, kycStatus: 'verified' })]);
    expect((await t.request('GET', '/api/v1/agent/kyc', { token: other.token })).body.data).toMatchObject({
      status: 'none',
      accounts: [],
    });
  });

  it('opens nothing twice: a repeated submit answers the same accounts, also at the gateways', async () => {
    const agent = await verifiedAgent();
    const again = await Promise.all([
      submit(agent.token, { idType: 'bvn', idNumber: GOOD_BVN, ...okoro }),
      submit(agent.token, { idType: 'bvn', idNumber: GOOD_BVN, ...okoro }),
    ]);
    expect(again.map((answer) => answer.status)).toEqual([200, 200]);
    const rows = await t.db.query<{ provider: string; account_number: string }>(
      'SELECT provider, account_number FROM virtual_accounts WHERE user_id = $1 ORDER BY provider',
      [agent.user.id],
    );
    expect(rows).toEqual([
      { provider: 'monnify', account_number: agent.monnify },
      { provider: 'paystack', account_number: agent.paystack },
    ]);
    // Even with the accounts forgotten here, the gateways answer the ones they opened before.
    await t.db.query('DELETE FROM virtual_accounts WHERE user_id = $1', [agent.user.id]);
    await t.db.query(`UPDATE agent_kyc SET status = 'failed', failure_message = 'test' WHERE user_id = $1`, [
      agent.user.id,
    ]);
    const refetched = await submit(agent.token, { idType: 'bvn', idNumber: GOOD_BVN, ...okoro });
    expect(refetched.body.data.accounts.map((a: { accountNumber: string }) => a.accountNumber)).toEqual([
      agent.monnify,
      agent.paystack,
    ]);
    // A verified identity is not replaced by another number.
    const other = await submit(agent.token, { idType: 'nin', idNumber: GOOD_NIN, ...okoro });
    expect(other.status).toBe(409);
    expect(other.body.errors).toEqual([expect.objectContaining({ path: 'idNumber' })]);
  });

  it('opens one account per gateway when the first submits arrive at once', async () => {
    const agent = await registerAgent(t);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => submit(agent.token, { idType: 'bvn', idNumber: GOOD_BVN, ...okoro })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses).toContain(200);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const rows = await t.db.query<{ provider: string }>(
      'SELECT provider FROM virtual_accounts WHERE user_id = $1 ORDER BY provider',
      [agent.user.id],
    );
    expect(rows.map((row) => row.provider)).toEqual(['monnify', 'paystack']);
    expect((await t.request('GET', '/api/v1/agent/kyc', { token: agent.token })).body.data.status).toBe('verified');
  });

  it('refuses a name that is not the one on the BVN, an unknown BVN and a malformed one, naming the field', async () => {
    const agent = await registerAgent(t);
    const mismatch = await submit(agent.token, {
      idType: 'bvn',
      idNumber: GOOD_BVN,
      firstName: 'Chidi',
      lastName: 'Okafor',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.message).toBe(
      'Monnify could not verify your BVN: The name on the BVN does not match the customer name',
    );
    expect(mismatch.body.errors).toEqual([expect.objectContaining({ path: 'idNumber' })]);
    expect((await t.request('GET', '/api/v1/agent/kyc', { token: agent.token })).body.data).toMatchObject({
      status: 'failed',
      failureMessage: mismatch.body.message,
      accounts: [],
    });
    const unknown = await submit(agent.token, { idType: 'bvn', idNumber: '22222222201', ...okoro });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toContain('Invalid BVN');
    const malformed = await submit(agent.token, { idType: 'bvn', idNumber: '2222', ...okoro });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toEqual([expect.objectContaining({ path: 'idNumber' })]);
    expect(await t.db.query('SELECT 1 FROM virtual_accounts WHERE user_id = $1', [agent.user.id])).toHaveLength(0);
  });

  it('limits identity-check submits per agent', async () => {
    const agent = await registerAgent(t);
    const answers = [];
    for (let i = 0; i <= KYC_SUBMITS_PER_HOUR; i += 1) {
      answers.push((await submit(agent.token, { idType: 'bvn', idNumber: '22222222201', ...okoro })).status);
    }
    expect(answers).toEqual([...Array.from({ length: KYC_SUBMITS_PER_HOUR }, () => 422), 429]);
  });

  it('leaves a check the gateway could not answer retryable, then verifies it with a NIN', async () => {
    const agent = await registerAgent(t);
    const failed = await submit(agent.token, { idType: 'bvn', idNumber: OUTAGE_ID, ...okoro });
    expect(failed.status).toBe(503);
    expect((await t.request('GET', '/api/v1/agent/kyc', { token: agent.token })).body.data.status).toBe('failed');
    const retried = await submit(agent.token, { idType: 'nin', idNumber: GOOD_NIN, ...okoro });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ status: 'verified', idType: 'nin', maskedId: '123****8901' });
    expect(retried.body.data.accounts).toHaveLength(2);
  });

  it('credits a sandbox transfer, verified with the gateway, less the fee, and the fee to the fees account', async () => {
    const agent = await verifiedAgent();
    const [fees] = await t.db.query<{ balance: bigint }>(`SELECT balance FROM ledger_accounts WHERE kind = 'fees'`);
    const monnify = await sandbox('monnify', 'transfers', { accountNumber: agent.monnify, amount: 10_000 });
    expect(monnify.body.delivered).toBe(200);
    expect(await balance(agent.token)).toBe('9850.00'); // 1.5% of ₦10,000
    const paystack = await sandbox('paystack', 'transfers', { accountNumber: agent.paystack, amount: 5_000_000 });
    expect(paystack.body.delivered).toBe(200);
    expect(await balance(agent.token)).toBe('59550.00'); // + ₦50,000 less 1% capped at ₦300
    const [after] = await t.db.query<{ balance: bigint }>(`SELECT balance FROM ledger_accounts WHERE kind = 'fees'`);
    expect(BigInt(after!.balance) - BigInt(fees!.balance)).toBe(15_000n + 30_000n);
    const history = (await t.request('GET', '/api/v1/agent/transactions', { token: agent.token })).body.data;
    expect(history.map((row: { amount: string }) => row.amount).sort()).toEqual(['49700.00', '9850.00']);
    const [event] = await t.db.query<{ fee: bigint; outcome: string }>(
      'SELECT fee, outcome FROM gateway_events WHERE reference = $1',
      [monnify.body.transactionReference],
    );
    expect(event).toEqual({ fee: 15_000n, outcome: 'credited' });
  });

  it('credits a webhook delivered five times at once exactly once', async () => {
    const agent = await verifiedAgent();
    for (const gateway of ['monnify', 'paystack'] as const) {
      const transfer = await sandbox(gateway, 'transfers', {
        accountNumber: agent[gateway],
        amount: gateway === 'monnify' ? 2000 : 200_000,
        deliver: false,
      });
      const answers = await Promise.all(Array.from({ length: 5 }, () => webhook(gateway, transfer.body.webhook)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.map(outcome).sort()).toEqual(['credited', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    }
    // ₦2,000 less 1.5% (₦30) and ₦2,000 less 1% (₦20).
    expect(await balance(agent.token)).toBe('3950.00');
    expect((await t.request('GET', '/api/v1/agent/transactions', { token: agent.token })).body.data).toHaveLength(2);
  });

  it('does not credit a signed event the gateway contradicts (amount or status), and keeps it for operators', async () => {
    const agent = await verifiedAgent();
    const secret = t.config.gateways.paystackSecret!;
    const charge = (reference: string, amount: number) => ({
      event: 'charge.success',
      data: {
        reference,
        amount,
        status: 'success',
        channel: 'dedicated_nuban',
        customer: { customer_code: 'unused' },
        authorization: { channel: 'dedicated_nuban', receiver_bank_account_number: agent.paystack },
      },
    });
    const [va] = await t.db.query<{ provider_reference: string }>(
      `SELECT provider_reference FROM virtual_accounts WHERE user_id = $1 AND provider = 'paystack'`,
      [agent.user.id],
    );
    const signedEvent = (event: { data: Record<string, unknown> }) => {
      const body = JSON.stringify({
        ...event,
        data: { ...event.data, customer: { customer_code: va!.provider_reference } },
      });
      return { body, signature: createHmac('sha512', secret).update(body).digest('hex') };
    };
    // The gateway says ₦100 was paid; the event says ₦1,000,000.
    await recordAtGateway(t, 'paystack', signedEvent(charge('PSK-inflated', 10_000)).body);
    const inflated = await webhook('paystack', signedEvent(charge('PSK-inflated', 100_000_000)));
    expect(inflated.status).toBe(200);
    expect(outcome(inflated)).toBe('unmatched');
    // The gateway says the transaction failed.
    const failedAtGateway = charge('PSK-failed', 50_000);
    await recordAtGateway(t, 'paystack', JSON.stringify({ data: { ...failedAtGateway.data, status: 'failed' } }));
    expect(outcome(await webhook('paystack', signedEvent(failedAtGateway)))).toBe('unmatched');
    // The gateway knows no such transaction.
    expect(outcome(await webhook('paystack', signedEvent(charge('PSK-unknown', 50_000))))).toBe('unmatched');
    expect(await balance(agent.token)).toBe('0.00');
    const notes = await t.db.query<{ reference: string; verify_note: string }>(
      `SELECT reference, verify_note FROM gateway_events WHERE reference IN ('PSK-inflated', 'PSK-failed', 'PSK-unknown') ORDER BY reference`,
    );
    expect(notes).toEqual([
      { reference: 'PSK-failed', verify_note: 'Paystack says the transaction is failed' },
      { reference: 'PSK-inflated', verify_note: 'Paystack says 100.00 was paid, not 1000000.00' },
      { reference: 'PSK-unknown', verify_note: 'Paystack knows no such transaction' },
    ]);
    // An operator cannot credit what the gateway does not confirm either.
    const [kept] = await t.db.query<{ id: string }>(`SELECT id FROM gateway_events WHERE reference = 'PSK-inflated'`);
    const forced = await t.request('POST', `/api/v1/admin/gateway-payments/${kept!.id}/credit`, {
      token: operator,
      body: { agentId: agent.user.id, reason: 'The agent insists' },
    });
    expect(forced.status).toBe(409);
    expect(await balance(agent.token)).toBe('0.00');
  });

  it('answers 503 and records nothing while the gateway cannot be asked; the retry credits once', async () => {
    const agent = await verifiedAgent();
    const transfer = await sandbox('monnify', 'transfers', {
      accountNumber: agent.monnify,
      amount: 1000,
      deliver: false,
    });
    await sandbox('monnify', 'outage', { on: true });
    try {
      const during = await Promise.all([
        webhook('monnify', transfer.body.webhook),
        webhook('monnify', transfer.body.webhook),
      ]);
      expect(during.map((answer) => answer.status)).toEqual([503, 503]);
    } finally {
      await sandbox('monnify', 'outage', { on: false });
    }
    expect(
      await t.db.query('SELECT 1 FROM gateway_events WHERE reference = $1', [transfer.body.transactionReference]),
    ).toHaveLength(0);
    expect(await balance(agent.token)).toBe('0.00');
    const retries = await Promise.all(Array.from({ length: 3 }, () => webhook('monnify', transfer.body.webhook)));
    expect(retries.map(outcome).sort()).toEqual(['credited', 'duplicate', 'duplicate']);
    expect(await balance(agent.token)).toBe('985.00');
  });

  it('verifies an operator’s credit of a stranded payment too: 503 while the gateway is down, then credited less the fee', async () => {
    const agent = await registerAgent(t);
    const secret = t.config.gateways.paystackSecret!;
    const body = JSON.stringify({
      event: 'charge.success',
      data: {
        reference: 'PSK-stranded-046',
        amount: 1_000_000,
        status: 'success',
        channel: 'dedicated_nuban',
        customer: { customer_code: 'CUS_nobody_046' },
        authorization: { channel: 'dedicated_nuban', receiver_bank_account_number: '9900000046' },
      },
    });
    await recordAtGateway(t, 'paystack', body);
    const delivered = await webhook('paystack', {
      body,
      signature: createHmac('sha512', secret).update(body).digest('hex'),
    });
    expect(outcome(delivered)).toBe('unmatched');
    const [kept] = await t.db.query<{ id: string; user_id: string | null }>(
      `SELECT id, user_id FROM gateway_events WHERE reference = 'PSK-stranded-046'`,
    );
    expect(kept!.user_id).toBeNull();
    const credit = () =>
      t.request('POST', `/api/v1/admin/gateway-payments/${kept!.id}/credit`, {
        token: operator,
        body: { agentId: agent.user.id, reason: 'Paid before the account existed' },
      });
    await sandbox('paystack', 'outage', { on: true });
    try {
      expect((await credit()).status).toBe(503);
    } finally {
      await sandbox('paystack', 'outage', { on: false });
    }
    expect(await balance(agent.token)).toBe('0.00');
    const credited = await credit();
    expect(credited.status).toBe(200);
    expect(credited.body.data).toMatchObject({ status: 'credited', fee: '100.00', verifyNote: null });
    expect(await balance(agent.token)).toBe('9900.00'); // ₦10,000 less 1%
  });
});

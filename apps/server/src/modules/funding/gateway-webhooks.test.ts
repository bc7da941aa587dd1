import { createHmac, randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR, seedDemoAccounts } from '../../seed/demo-accounts.js';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { NO_GATEWAY_FEES, recordAtGateway } from '../../test/test-gateways.js';
import { expectLedgerHealthy } from '../../test/test-money.js';

const PAYSTACK_SECRET = 'sk_test_paystack_secret_for_tests';
const MONNIFY_SECRET = 'monnify_client_secret_for_tests';
const sign = (secret: string, raw: string) => createHmac('sha512', secret).update(raw).digest('hex');

function paystackCharge(reference: string, customerCode: string, kobo: number) {
  return {
    event: 'charge.success',
    data: {
      reference,
      amount: kobo,
      status: 'success',
      channel: 'dedicated_nuban',
      customer: { customer_code: customerCode, email: 'x@example.com' },
      authorization: {
        channel: 'dedicated_nuban',
        receiver_bank_account_number: '9930000001',
        receiver_bank: 'Wema Bank',
      },
    },
  };
}

function monnifyPayment(reference: string, accountReference: string, naira: number | string) {
  return {
    eventType: 'SUCCESSFUL_TRANSACTION',
    eventData: {
      product: { type: 'RESERVED_ACCOUNT', reference: accountReference },
      transactionReference: reference,
      paymentReference: `P-${reference}`,
      amountPaid: naira,
      paymentStatus: 'PAID',
    },
  };
}

describe('gateway webhooks', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await startTestApp({
      env: {
        AUTH_IP_LIMIT_PER_MINUTE: '1000',
        PAYSTACK_SECRET_KEY: PAYSTACK_SECRET,
        MONNIFY_CLIENT_SECRET: MONNIFY_SECRET,
        ...NO_GATEWAY_FEES,
      },
    });
    await seedDemoAccounts(t.db, pino({ level: 'silent' }));
    const login = await t.request('POST', '/api/v1/admin/auth/login', {
      body: { identifier: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password },
    });
    operator = login.body.data.authorization.token;
  });
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  async function agentWithVirtualAccounts() {
    const agent = await registerAgent(t);
    const suffix = randomBytes(3).toString('hex');
    const number = () => `99${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    for (const provider of ['paystack', 'monnify'] as const) {
      const response = await t.request('POST', '/api/v1/admin/virtual-accounts', {
        token: operator,
        body: {
          username: agent.body.username,
          provider,
          accountNumber: number(),
          bankName: 'Wema Bank',
          accountName: `AgentDesk/${agent.body.username}`,
          providerReference: `${provider === 'paystack' ? 'CUS_' : 'ACC-'}${suffix}`,
        },
      });
      expect(response.status).toBe(201);
    }
    return { ...agent, customerCode: `CUS_${suffix}`, accountReference: `ACC-${suffix}` };
  }

  /** A delivery of an event whose transaction the gateway knows (its sandbox confirms it when asked). */
  const deliver = async (path: string, raw: string, headers: Record<string, string>) => {
    await recordAtGateway(t, path.endsWith('paystack') ? 'paystack' : 'monnify', raw);
    return t.request('POST', path, { raw, headers: { 'content-type': 'application/json', ...headers } });
  };

  it('credits a signed Paystack payment once however often it is delivered', async () => {
    const agent = await agentWithVirtualAccounts();
    const raw = JSON.stringify(paystackCharge(`PSK-${randomBytes(4).toString('hex')}`, agent.customerCode, 250_000));
    const signature = sign(PAYSTACK_SECRET, raw);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => deliver('/api/v1/webhooks/paystack', raw, { 'x-paystack-signature': signature })),
    );
    expect(results.every((r) => r.status === 200 && r.body.message === undefined)).toBe(true);
    expect(results.map((r) => (r.body as unknown as { outcome: string }).outcome).sort()).toEqual([
      'credited',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect(
      (await t.request('GET', '/api/v1/agent/wallet/balance', { token: agent.token })).body.data.availableBalance,
    ).toBe('2500.00');
    const manual = await t.request('GET', '/api/v1/agent/manual-funding', { token: agent.token });
    expect(manual.body.data.virtualAccounts.map((a: { provider: string }) => a.provider)).toEqual([
      'monnify',
      'paystack',
    ]);
  });

  it('credits a signed payment whose fields carry a NUL, kept without it (the database refuses one)', async () => {
    const agent = await agentWithVirtualAccounts();
    const charge = paystackCharge(`PSK-${randomBytes(4).toString('hex')}`, agent.customerCode, 100_000);
    const raw = JSON.stringify({ ...charge, data: { ...charge.data, narration: 'from\u0000 a bank' } });
    const answer = await deliver('/api/v1/webhooks/paystack', raw, {
      'x-paystack-signature': sign(PAYSTACK_SECRET, raw),
    });
    expect(answer.status).toBe(200);
    expect((answer.body as unknown as { outcome: string }).outcome).toBe('credited');
    expect(
      (await t.request('GET', '/api/v1/agent/wallet/balance', { token: agent.token })).body.data.availableBalance,
    ).toBe('1000.00');
  });

  it('changes nothing for a forged, tampered or unsigned call', async () => {
    const agent = await agentWithVirtualAccounts();
    const raw = JSON.stringify(paystackCharge('PSK-forged', agent.customerCode, 1_000_000));
    const forged = await deliver('/api/v1/webhooks/paystack', raw, {
      'x-paystack-signature': sign('wrong-secret', raw),
    });
    expect(forged.status).toBe(401);
    const tampered = await deliver('/api/v1/webhooks/paystack', raw.replace('1000000', '9000000'), {
      'x-paystack-signature': sign(PAYSTACK_SECRET, raw),
    });
    expect(tampered.status).toBe(401);
    expect((await deliver('/api/v1/webhooks/paystack', raw, {})).status).toBe(401);
    expect(
      (await t.request('GET', '/api/v1/agent/wallet/balance', { token: agent.token })).body.data.availableBalance,
    ).toBe('0.00');
    expect(await t.db.query(`SELECT 1 FROM gateway_events WHERE reference = 'PSK-forged'`)).toHaveLength(0);
  });

  it('credits a signed Monnify payment in naira, once', async () => {
    const agent = await agentWithVirtualAccounts();
    const raw = JSON.stringify(
      monnifyPayment(`MNFY|${randomBytes(4).toString('hex')}`, agent.accountReference, 1500.5),
    );
    const signature = sign(MONNIFY_SECRET, raw);
    expect((await deliver('/api/v1/webhooks/monnify', raw, { 'monnify-signature': signature })).status).toBe(200);
    expect((await deliver('/api/v1/webhooks/monnify', raw, { 'monnify-signature': signature })).status).toBe(200);
    expect(
      (await t.request('GET', '/api/v1/agent/wallet/balance', { token: agent.token })).body.data.availableBalance,
    ).toBe('1500.50');
    const history = (await t.request('GET', '/api/v1/agent/transactions', { token: agent.token })).body.data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ transactionType: 'funding', service: 'monnify', amount: '1500.50' });
  });

  it('records a payment to an unknown account without crediting anyone', async () => {
    const raw = JSON.stringify(paystackCharge('PSK-orphan', 'CUS_nobody', 5_000));
    const response = await deliver('/api/v1/webhooks/paystack', raw, {
      'x-paystack-signature': sign(PAYSTACK_SECRET, raw),
    });
    expect(response.status).toBe(200);
    const [event] = await t.db.query<{ outcome: string; user_id: string | null }>(
      `SELECT outcome, user_id FROM gateway_events WHERE reference = 'PSK-orphan'`,
    );
    expect(event).toEqual({ outcome: 'unmatched', user_id: null });
  });

  it('credits, on the gateway’s retry, a payment that arrived before the agent’s account was recorded, once', async () => {
    const agent = await registerAgent(t);
    const customerCode = `CUS_late_${randomBytes(3).toString('hex')}`;
    const raw = JSON.stringify(paystackCharge(`PSK-${randomBytes(4).toString('hex')}`, customerCode, 300_000));
    const headers = { 'x-paystack-signature': sign(PAYSTACK_SECRET, raw) };
    const outcome = async () =>
      ((await deliver('/api/v1/webhooks/paystack', raw, headers)).body as unknown as { outcome: string }).outcome;
    const balance = async () =>
      (await t.request('GET', '/api/v1/agent/wallet/balance', { token: agent.token })).body.data.availableBalance;

    expect(await outcome()).toBe('unmatched');
    expect(await outcome()).toBe('unmatched');
    const recorded = await t.request('POST', '/api/v1/admin/virtual-accounts', {
      token: operator,
      body: {
        username: agent.body.username,
        provider: 'paystack',
        accountNumber: `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
        bankName: 'Wema Bank',
        accountName: `AgentDesk/${agent.body.username}`,
        providerReference: customerCode,
      },
    });
    expect(recorded.status).toBe(201);
    // Recording the account credits nothing by itself: the gateway's retry (or an operator) does.
    expect(await balance()).toBe('0.00');
    const retries = await Promise.all([outcome(), outcome(), outcome()]);
    expect(retries.sort()).toEqual(['credited', 'duplicate', 'duplicate']);
    expect(await outcome()).toBe('duplicate');
    expect(await balance()).toBe('3000.00');
    const history = (await t.request('GET', '/api/v1/agent/transactions', { token: agent.token })).body.data;
    expect(history).toHaveLength(1);
  });

  it('acknowledges events that are not payments and ignores them', async () => {
    const raw = JSON.stringify({ event: 'transfer.success', data: { reference: 'T1', amount: 100 } });
    const response = await deliver('/api/v1/webhooks/paystack', raw, {
      'x-paystack-signature': sign(PAYSTACK_SECRET, raw),
    });
    expect(response.status).toBe(200);
    expect((response.body as unknown as { outcome: string }).outcome).toBe('ignored');
  });

  it('answers malformed JSON with 400', async () => {
    const raw = '{"event":';
    const response = await deliver('/api/v1/webhooks/paystack', raw, {
      'x-paystack-signature': sign(PAYSTACK_SECRET, raw),
    });
    expect(response.status).toBe(400);
  });
});

describe('gateway webhooks when no gateway is configured', () => {
  it('are not there', async () => {
    // Outside the demo (an upstream configured), a gateway is on only with its secret.
    const t = await startTestApp({ env: { UPSTREAM_BASE_URL: 'http://127.0.0.1:9/' } });
    try {
      const raw = JSON.stringify(paystackCharge('PSK-x', 'CUS_x', 100));
      const response = await t.request('POST', '/api/v1/webhooks/paystack', {
        raw,
        headers: { 'x-paystack-signature': sign(PAYSTACK_SECRET, raw) },
      });
      expect(response.status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

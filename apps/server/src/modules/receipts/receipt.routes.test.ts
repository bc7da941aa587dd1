import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken } from '../../test/test-operator.js';
import { SANDBOX_VALUES } from '../upstream/sandbox/sandbox-outcomes.js';

const today = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

describe('receipts', () => {
  let t: TestApp;
  let operator: string;
  let agent: Awaited<ReturnType<typeof registerAgent>>;

  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000', BRAND_NAME: 'Kudi Agents' } });
    operator = await operatorToken(t);
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token: operator })).status).toBe(200);
    agent = await registerAgent(t);
    await creditWallet(t.db, agent.user.id, 10_000_000n, { now: new Date(t.clock.now().getTime() - 1000) });
  });
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  async function buy(body: Record<string, unknown>) {
    const response = await t.request('POST', '/api/v1/agent/purchases', {
      token: agent.token,
      body: { requestId: randomUUID(), phone: '08031234567', ...body },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data as { transactionId: string; requestId: string; refundTransactionId: string | null };
  }
  const receipt = (id: string, token = agent.token) =>
    t.request('GET', `/api/v1/agent/transactions/${id}/receipt`, { token });

  const common = {
    brandName: 'Kudi Agents',
    transactionType: 'purchase',
    direction: 'debit',
    status: 'success',
    phone: '08031234567',
    fee: null,
  };

  it('airtime: brand, reference, date, network, recipient, face value and price', async () => {
    const order = await buy({ service: 'airtime', network: 'mtn', amount: '500' });
    const response = await receipt(order.transactionId);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      ...common,
      transactionId: order.transactionId,
      reference: expect.stringMatching(/^PUR/),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      service: 'airtime',
      productName: expect.stringMatching(/MTN/),
      recipient: '08031234567',
      quantity: 1,
      amount: '490.00',
      faceValue: '500.00',
      requestId: order.requestId,
      token: null,
      units: null,
      cards: [],
    });
  });

  it('data: the plan and its face value', async () => {
    const plans = (await t.request('GET', '/api/v1/agent/services?category=data', { token: agent.token })).body.data;
    const plan = plans.find((s: { id: string }) => s.id === 'mtn-data').variations[0];
    const order = await buy({ service: 'data', network: 'mtn', planCode: plan.code });
    expect((await receipt(order.transactionId)).body.data).toMatchObject({
      ...common,
      service: 'data',
      productName: expect.stringContaining(plan.name),
      faceValue: plan.faceValue,
      amount: plan.price,
    });
  });

  it('electricity: the meter, customer and address, token and units', async () => {
    const order = await buy({
      service: 'electricity',
      disco: 'ikeja-electric',
      meterType: 'prepaid',
      meterNumber: SANDBOX_VALUES.prepaidMeter,
      amount: '5000',
    });
    const data = (await receipt(order.transactionId)).body.data;
    expect(data).toMatchObject({
      ...common,
      service: 'electricity',
      recipient: SANDBOX_VALUES.prepaidMeter,
      faceValue: '5000.00',
      amount: '4975.00',
      token: expect.stringMatching(/^\d{4}( \d{4}){4}$/),
      units: expect.stringMatching(/kWh/),
      customerName: expect.any(String),
      customerAddress: expect.stringMatching(/Lagos$/),
    });
    const detail = (await t.request('GET', `/api/v1/agent/transactions/${order.transactionId}`, { token: agent.token }))
      .body.data;
    expect(data.token).toBe(detail.details.token);
  });

  it('cable: the smartcard and bouquet', async () => {
    const order = await buy({
      service: 'cable',
      provider: 'dstv',
      smartcardNumber: SANDBOX_VALUES.smartcard,
      action: 'change',
      bouquetCode: 'dstv79',
    });
    expect((await receipt(order.transactionId)).body.data).toMatchObject({
      ...common,
      service: 'cable',
      recipient: SANDBOX_VALUES.smartcard,
      faceValue: '19000.00',
      amount: '18810.00',
    });
  });

  it('result checker: every PIN with its serial', async () => {
    const order = await buy({ service: 'result-checker', exam: 'waec', quantity: 2 });
    const data = (await receipt(order.transactionId)).body.data;
    expect(data).toMatchObject({ ...common, service: 'result-checker', quantity: 2, faceValue: '7800.00' });
    expect(data.cards).toHaveLength(2);
    for (const card of data.cards) expect(card).toEqual({ serial: expect.any(String), pin: expect.any(String) });
  });

  it('a failed purchase and its refund', async () => {
    const order = await buy({ service: 'airtime', network: 'glo', amount: '100', phone: SANDBOX_VALUES.failure });
    expect((await receipt(order.transactionId)).body.data).toMatchObject({
      status: 'failed',
      service: 'airtime',
      amount: '98.00',
    });
    expect((await receipt(order.refundTransactionId!)).body.data).toMatchObject({
      transactionType: 'refund',
      direction: 'credit',
      status: 'success',
      service: 'airtime',
      recipient: SANDBOX_VALUES.failure,
      amount: '98.00',
      requestId: order.requestId,
    });
  });

  it('a funding: the amount credited and the charge', async () => {
    const account = await t.request('POST', '/api/v1/admin/funding-accounts', {
      token: operator,
      body: {
        bankName: 'GTBank',
        bankCode: '058',
        accountNumber: '0123456785',
        accountName: 'Provider Ltd',
        chargeFlat: '50',
        chargePercent: '0',
        minimum: '100',
      },
    });
    const reported = await t.request('POST', '/api/v1/agent/funding-requests', {
      token: agent.token,
      body: {
        accountId: account.body.data.id,
        amount: '2000',
        senderName: 'Chidi Okafor',
        reference: 'RCPT1',
        transferDate: today(),
      },
    });
    const approved = await t.request('POST', `/api/v1/admin/funding-requests/${reported.body.data.id}/approve`, {
      token: operator,
      body: {},
    });
    expect(approved.status).toBe(200);
    const history = (await t.request('GET', '/api/v1/agent/transactions?type=funding', { token: agent.token })).body
      .data;
    expect((await receipt(history[0].id)).body.data).toMatchObject({
      brandName: 'Kudi Agents',
      transactionType: 'funding',
      direction: 'credit',
      status: 'success',
      title: 'Wallet funding',
      description: 'Bank transfer RCPT1',
      service: null,
      productName: null,
      amount: '1950.00',
      fee: '50.00',
      faceValue: null,
      cards: [],
    });
  });

  it('is scoped to the agent: another agent’s transaction is not found', async () => {
    const order = await buy({ service: 'airtime', network: 'mtn', amount: '100' });
    const stranger = await registerAgent(t);
    const response = await receipt(order.transactionId, stranger.token);
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
    expect((await receipt(randomUUID())).status).toBe(404);
    expect((await receipt('not-a-uuid')).status).toBe(422);
    expect((await t.request('GET', `/api/v1/agent/transactions/${order.transactionId}/receipt`)).status).toBe(401);
  });
});

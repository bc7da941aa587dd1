import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fundedAgent, startTestApp, type TestApp, walletBalance } from '../../test/test-app.js';
import { expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken } from '../../test/test-operator.js';
import { COMMAND_LINE_ACTOR } from '../audit/audit-actor.js';
import { SANDBOX_VALUES } from '../upstream/sandbox/sandbox-outcomes.js';

const BUY = '/api/v1/agent/purchases';
const rid = () => randomUUID();

describe('purchases', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    operator = await operatorToken(t);
    const synced = await t.request('POST', '/api/v1/admin/catalog/sync', { token: operator });
    expect(synced.status).toBe(200);
    expect(synced.body.data.services).toBeGreaterThanOrEqual(28);
  });
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  it('lists services with face values and the agent’s prices', async () => {
    const { token } = await fundedAgent(t, 0n);
    const response = await t.request('GET', '/api/v1/agent/services?category=data', { token });
    expect(response.status).toBe(200);
    const mtn = response.body.data.find((s: { id: string }) => s.id === 'mtn-data');
    expect(mtn.variations.length).toBeGreaterThanOrEqual(10);
    // 3 % off ₦100.
    expect(mtn.variations[0]).toMatchObject({ faceValue: '100.00', price: '97.00' });
    expect(mtn.discountPercent).toBe('3.00');

    // The API's list is the same catalogue, with the purchase body's service for each.
    const api = await t.request('GET', '/api/v1/agent/api/services', { token });
    expect(api.status).toBe(200);
    const apiMtn = api.body.data.find((s: { id: string }) => s.id === 'mtn-data');
    expect(apiMtn).toEqual({ ...mtn, purchaseService: 'data' });
    expect(new Set(api.body.data.map((s: { purchaseService: string }) => s.purchaseService))).toEqual(
      new Set(['airtime', 'data', 'electricity', 'cable', 'result-checker']),
    );
  });

  it('sells airtime: debits the discounted price once, delivers, and shows it in the history', async () => {
    const { token } = await fundedAgent(t, 100_000n);
    const requestId = rid();
    const response = await t.request('POST', BUY, {
      token,
      body: { service: 'airtime', requestId, network: 'mtn', phone: '+2348031234567', amount: '500' },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      status: 'delivered',
      faceValue: '500.00',
      price: '490.00',
      recipient: '08031234567',
    });
    expect(await walletBalance(t, token)).toBe('510.00');
    const history = (await t.request('GET', '/api/v1/agent/transactions', { token })).body.data;
    expect(history[0]).toMatchObject({
      transactionType: 'purchase',
      status: 'success',
      amount: '490.00',
      direction: 'debit',
      recipient: '08031234567',
    });

    const again = await t.request('POST', BUY, {
      token,
      body: { service: 'airtime', requestId, network: 'mtn', phone: '08031234567', amount: '500' },
    });
    expect(again.status).toBe(200);
    expect(again.body.data.transactionId).toBe(response.body.data.transactionId);
    expect(await walletBalance(t, token)).toBe('510.00');

    const different = await t.request('POST', BUY, {
      token,
      body: { service: 'airtime', requestId, network: 'mtn', phone: '08031234567', amount: '600' },
    });
    expect(different.status).toBe(409);
    expect(different.body.errors?.[0]?.path).toBe('requestId');

    const state = await t.request('GET', `${BUY}/${requestId}`, { token });
    expect(state.body.data.status).toBe('delivered');
  });

  it('makes one order and one debit from 20 concurrent sends of one requestId', async () => {
    const { token, user } = await fundedAgent(t, 100_000n);
    const requestId = rid();
    const body = { service: 'data', requestId, network: 'mtn', planCode: 'mtn-1gb-500', phone: '08031234567' };
    const results = await Promise.all(Array.from({ length: 20 }, () => t.request('POST', BUY, { token, body })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    const orders = await t.db.query('SELECT 1 FROM orders WHERE user_id = $1', [user.id]);
    expect(orders).toHaveLength(1);
    expect(await walletBalance(t, token)).toBe(`${(1000 - 485).toFixed(2)}`);
  });

  it('accepts exactly as many of 100 concurrent purchases as the wallet can pay for, delivers them all, and ends at zero', async () => {
    // ₦97 per ₦100 MTN plan: 37 of them.
    const { token, user } = await fundedAgent(t, 37n * 9_700n);
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.request('POST', BUY, {
          token,
          body: { service: 'data', requestId: rid(), network: 'mtn', planCode: 'mtn-110mb-100', phone: '08031234567' },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(37);
    const refused = results.filter((r) => r.status === 402);
    expect(refused).toHaveLength(63);
    expect(refused[0]!.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(await walletBalance(t, token)).toBe('0.00');
    // Under this load some upstream calls may time out: the worker settles them, never by refund.
    for (let round = 0; round < 5; round++) {
      t.clock.advance(60_000);
      await t.app.purchases.runDue(100);
    }
    const orders = await t.db.query<{ status: string }>('SELECT status FROM orders WHERE user_id = $1', [user.id]);
    expect(orders.map((o) => o.status)).toEqual(Array.from({ length: 37 }, () => 'delivered'));
    expect(await walletBalance(t, token)).toBe('0.00');
  });

  it('refuses a purchase the balance cannot pay for, charging nothing and recording nothing', async () => {
    const { token, user } = await fundedAgent(t, 10_000n);
    const response = await t.request('POST', BUY, {
      token,
      body: { service: 'airtime', requestId: rid(), network: 'glo', phone: '08051234567', amount: '500' },
    });
    expect(response.status).toBe(402);
    expect(response.body.message).toMatch(/not enough/);
    expect(await walletBalance(t, token)).toBe('100.00');
    expect(await t.db.query('SELECT 1 FROM orders WHERE user_id = $1', [user.id])).toHaveLength(0);
  });

  it('refunds a failed purchase exactly once, with a notification', async () => {
    const { token, user } = await fundedAgent(t, 100_000n);
    const requestId = rid();
    const response = await t.request('POST', BUY, {
      token,
      body: { service: 'airtime', requestId, network: 'airtel', phone: SANDBOX_VALUES.failure, amount: '1000' },
    });
    expect(response.body.data).toMatchObject({ status: 'failed', price: '980.00' });
    expect(response.body.data.refundTransactionId).toBeTruthy();
    expect(await walletBalance(t, token)).toBe('1000.00');
    // A late requery or webhook changes nothing.
    await t.app.purchases.requeryNow(
      (await t.db.query<{ id: string }>('SELECT id FROM orders WHERE request_id = $1', [requestId]))[0]!.id,
      COMMAND_LINE_ACTOR,
    );
    expect(await walletBalance(t, token)).toBe('1000.00');
    const refunds = await t.db.query(`SELECT 1 FROM wallet_transactions WHERE user_id = $1 AND type = 'refund'`, [
      user.id,
    ]);
    expect(refunds).toHaveLength(1);
    const notes = await t.db.query<{ kind: string }>('SELECT kind FROM notifications WHERE user_id = $1', [user.id]);
    expect(notes.map((n) => n.kind)).toEqual(['refund']);
    const history = (await t.request('GET', '/api/v1/agent/transactions', { token })).body.data;
    expect(history.map((h: { transactionType: string; status: string }) => `${h.transactionType}:${h.status}`)).toEqual(
      expect.arrayContaining(['refund:success', 'purchase:failed']),
    );
  });

  it('keeps a pending purchase pending, then delivers it on requery without refunding', async () => {
    const { token, user } = await fundedAgent(t, 100_000n);
    const requestId = rid();
    const first = await t.request('POST', BUY, {
      token,
      body: { service: 'airtime', requestId, network: 'mtn', phone: SANDBOX_VALUES.pendingPhone, amount: '200' },
    });
    expect(first.body.data.status).toBe('pending');
    expect(await walletBalance(t, token)).toBe('804.00');
    await t.app.purchases.runDue();
    expect((await t.request('GET', `${BUY}/${requestId}`, { token })).body.data.status).toBe('pending');
    t.clock.advance(11_000);
    await t.app.purchases.runDue();
    const later = await t.request('GET', `${BUY}/${requestId}`, { token });
    expect(later.body.data.status).toBe('delivered');
    expect(await walletBalance(t, token)).toBe('804.00');
    expect(
      await t.db.query(`SELECT 1 FROM wallet_transactions WHERE user_id = $1 AND type = 'refund'`, [user.id]),
    ).toHaveLength(0);
  });

  it('treats a timeout, no answer and an unexpected answer as pending, then resolves them by requery', async () => {
    const { token } = await fundedAgent(t, 100_000n);
    const ids: string[] = [];
    for (const phone of [SANDBOX_VALUES.timeoutPhone, SANDBOX_VALUES.noResponsePhone, SANDBOX_VALUES.unexpectedPhone]) {
      const requestId = rid();
      ids.push(requestId);
      const response = await t.request('POST', BUY, {
        token,
        body: { service: 'airtime', requestId, network: 'mtn', phone, amount: '100' },
      });
      expect(response.body.data.status, phone).toBe('pending');
    }
    t.clock.advance(60_000);
    await t.app.purchases.runDue();
    for (const requestId of ids)
      expect((await t.request('GET', `${BUY}/${requestId}`, { token })).body.data.status).toBe('delivered');
    expect(await walletBalance(t, token)).toBe(`${(1000 - 3 * 98).toFixed(2)}`);
  });

  it('sends an order of an older version that was debited but never sent, charging once', async () => {
    const { token } = await fundedAgent(t, 100_000n);
    const requestId = rid();
    await t.request('POST', BUY, {
      token,
      body: { service: 'airtime', requestId, network: 'mtn', phone: '08031234567', amount: '100' },
    });
    // Rewind it to the state a crash right after the debit's commit left in an older version:
    // debited, never sent, under a request id the upstream has never seen.
    const { newRequestId } = await import('../upstream/vtpass/request-id.js');
    await t.db.query(
      `UPDATE orders SET status = 'debited', sent_at = NULL, settled_at = NULL, result = '{}', next_attempt_at = $2,
         upstream_request_id = $3, sending_until = NULL
       WHERE request_id = $1`,
      [requestId, t.clock.now(), newRequestId(t.clock.now())],
    );
    expect((await t.request('GET', `${BUY}/${requestId}`, { token })).body.data.status).toBe('pending');
    expect(await t.app.purchases.runDue()).toBe(1);
    const settled = await t.request('GET', `${BUY}/${requestId}`, { token });
    expect(settled.body.data.status).toBe('delivered');
    expect(settled.body.data.settledAt).toBeTruthy();
    expect(await walletBalance(t, token)).toBe('902.00');
  });

  it('sends an order the upstream never received (a crash between commit and call) once its pay can no longer be in flight', async () => {
    const { token } = await fundedAgent(t, 100_000n);
    const requestId = rid();
    await t.request('POST', BUY, {
      token,
      body: { service: 'airtime', requestId, network: 'mtn', phone: '08031234567', amount: '100' },
    });
    // Rewind it to what a crash right after the debit's commit leaves: pending, its pay possibly
    // in flight for the timeout and a margin, under a request id the upstream has never seen.
    const { newRequestId } = await import('../upstream/vtpass/request-id.js');
    const now = t.clock.now().getTime();
    await t.db.query(
      `UPDATE orders SET status = 'pending', settled_at = NULL, result = '{}', attempts = 0, next_attempt_at = $2,
         sending_until = $3, upstream_request_id = $4
       WHERE request_id = $1`,
      [requestId, new Date(now + 10_000), new Date(now + 6_000 + 10_000), newRequestId(t.clock.now())],
    );
    t.clock.advance(10_000);
    // The first requery finds no such request; a pay may still be in flight: it waits, sends nothing.
    expect(await t.app.purchases.runDue()).toBe(1);
    const waiting = (
      await t.db.query<{ status: string; next_attempt_at: Date; upstream_code: string }>(
        'SELECT status, next_attempt_at, upstream_code FROM orders WHERE request_id = $1',
        [requestId],
      )
    )[0]!;
    expect(waiting).toMatchObject({ status: 'pending', upstream_code: '015' });
    // The next requery after the first backoff (10 s), which is past the pay's time in flight.
    expect(waiting.next_attempt_at.getTime()).toBe(now + 20_000);
    // Then no pay can be in flight: that round sends it, under the same request id.
    t.clock.advance(10_000);
    expect(await t.app.purchases.runDue()).toBe(1);
    const settled = await t.request('GET', `${BUY}/${requestId}`, { token });
    expect(settled.body.data.status).toBe('delivered');
    expect(await walletBalance(t, token)).toBe('902.00');
  });

  it('vends an electricity token, exam PINs and a cable renewal, keeping the results on the receipt', async () => {
    const { token } = await fundedAgent(t, 10_000_000n);
    const power = await t.request('POST', BUY, {
      token,
      body: {
        service: 'electricity',
        requestId: rid(),
        disco: 'ikeja-electric',
        meterType: 'prepaid',
        meterNumber: SANDBOX_VALUES.prepaidMeter,
        amount: '5000',
        phone: '08031234567',
      },
    });
    expect(power.body.data.status).toBe('delivered');
    expect(power.body.data.result.token).toMatch(/^\d{4}( \d{4}){4}$/);
    expect(power.body.data.result.units).toMatch(/kWh/);
    expect(power.body.data.result).toMatchObject({
      customerName: expect.any(String),
      customerAddress: expect.stringMatching(/Lagos$/),
    });
    // A postpaid bill: no token, the customer and the address kept all the same.
    const bill = await t.request('POST', BUY, {
      token,
      body: {
        service: 'electricity',
        requestId: rid(),
        disco: 'ikeja-electric',
        meterType: 'postpaid',
        meterNumber: SANDBOX_VALUES.postpaidMeter,
        amount: '2500',
        phone: '08031234567',
      },
    });
    expect(bill.body.data).toMatchObject({ status: 'delivered', faceValue: '2500.00' });
    expect(bill.body.data.result).toMatchObject({
      token: null,
      customerName: expect.any(String),
      customerAddress: expect.stringMatching(/Lagos$/),
    });
    const receipt = await t.request('GET', `/api/v1/agent/transactions/${power.body.data.transactionId}`, { token });
    expect(receipt.body.data.details.token).toBe(power.body.data.result.token);

    const pins = await t.request('POST', BUY, {
      token,
      body: { service: 'result-checker', requestId: rid(), exam: 'waec', quantity: 2, phone: '08031234567' },
    });
    expect(pins.body.data.status).toBe('delivered');
    expect(pins.body.data.result.cards).toHaveLength(2);
    expect(pins.body.data.faceValue).toBe('7800.00');

    // A renewal pays the smartcard's renewal amount as the upstream gives it (the sandbox's card
    // is on DStv Yanga, ₦6,000), less DStv's 1 %: a bouquet code sent with it is not used.
    const card = await t.request(
      'GET',
      `/api/v1/agent/validate/smartcard?provider=dstv&smartcard_number=${SANDBOX_VALUES.smartcard}`,
      { token },
    );
    expect(card.body.data).toMatchObject({ currentBouquet: 'DStv Yanga - ₦6,000', renewalAmount: '6000.00' });
    const cable = (action: 'renew' | 'change', bouquetCode?: string) =>
      t.request('POST', BUY, {
        token,
        body: {
          service: 'cable',
          requestId: rid(),
          provider: 'dstv',
          smartcardNumber: SANDBOX_VALUES.smartcard,
          action,
          ...(bouquetCode ? { bouquetCode } : {}),
          phone: '08031234567',
        },
      });
    const paid = async () => BigInt((await walletBalance(t, token)).replace('.', ''));
    const before = await paid();
    for (const bouquetCode of [undefined, 'dstv79']) {
      const renewal = await cable('renew', bouquetCode);
      expect(renewal.status).toBe(201);
      expect(renewal.body.data).toMatchObject({
        status: 'delivered',
        productName: 'DStv Yanga (renewal)',
        faceValue: '6000.00',
        price: '5940.00',
      });
    }
    // A change pays the new bouquet's own price.
    const change = await cable('change', 'dstv79');
    expect(change.body.data).toMatchObject({
      status: 'delivered',
      productName: 'DStv Compact (new bouquet)',
      faceValue: '19000.00',
      price: '18810.00',
    });
    expect(before - (await paid())).toBe(594_000n * 2n + 1_881_000n);
  });

  it.each([
    [{ service: 'airtime', network: 'mtn', phone: '08031234567', amount: '10' }, 'amount'],
    [{ service: 'airtime', network: 'mtn', phone: '08031234567', amount: '60000' }, 'amount'],
    [{ service: 'airtime', network: 'vodafone', phone: '08031234567', amount: '100' }, 'network'],
    [{ service: 'airtime', network: 'mtn', phone: '123', amount: '100' }, 'phone'],
    [{ service: 'data', network: 'mtn', planCode: 'no-such-plan', phone: '08031234567' }, 'planCode'],
    [
      {
        service: 'electricity',
        disco: 'mtn',
        meterType: 'prepaid',
        meterNumber: '1111111111111',
        amount: '5000',
        phone: '08031234567',
      },
      'disco',
    ],
    [
      {
        service: 'electricity',
        disco: 'ikeja-electric',
        meterType: 'prepaid',
        meterNumber: '12',
        amount: '5000',
        phone: '08031234567',
      },
      'meterNumber',
    ],
    [
      {
        service: 'cable',
        provider: 'dstv',
        smartcardNumber: '1212121212',
        action: 'pause',
        bouquetCode: 'dstv79',
        phone: '08031234567',
      },
      'action',
    ],
    [
      {
        service: 'cable',
        provider: 'dstv',
        smartcardNumber: '1212121212',
        action: 'change',
        phone: '08031234567',
      },
      'bouquetCode',
    ],
    [
      {
        service: 'cable',
        provider: 'dstv',
        smartcardNumber: '1212121212',
        action: 'change',
        bouquetCode: 'no-such-bouquet',
        phone: '08031234567',
      },
      'bouquetCode',
    ],
    // The upstream does not know the smartcard: a renewal cannot be priced, nothing is charged.
    [
      { service: 'cable', provider: 'dstv', smartcardNumber: '9991234567', action: 'renew', phone: '08031234567' },
      'smartcardNumber',
    ],
    [
      { service: 'cable', provider: 'dstv', smartcardNumber: '12121', action: 'renew', phone: '08031234567' },
      'smartcardNumber',
    ],
    [
      { service: 'cable', provider: 'canal', smartcardNumber: '1212121212', action: 'renew', phone: '08031234567' },
      'provider',
    ],
    [
      {
        service: 'electricity',
        disco: 'ikeja-electric',
        meterType: 'smart',
        meterNumber: '1111111111111',
        amount: '5000',
        phone: '08031234567',
      },
      'meterType',
    ],
    [
      {
        service: 'electricity',
        disco: 'ikeja-electric',
        meterType: 'prepaid',
        meterNumber: '1111111111111',
        amount: '50',
        phone: '08031234567',
      },
      'amount',
    ],
    [
      {
        service: 'electricity',
        disco: 'ikeja-electric',
        meterType: 'prepaid',
        meterNumber: '1111111111111',
        amount: '5000',
        phone: '0803',
      },
      'phone',
    ],
    [{ service: 'result-checker', exam: 'waec', quantity: 11, phone: '08031234567' }, 'quantity'],
    [{ service: 'result-checker', exam: 'gce', quantity: 1, phone: '08031234567' }, 'exam'],
    [
      { service: 'result-checker', exam: 'waec', variationCode: 'no-such-pin', quantity: 1, phone: '08031234567' },
      'variationCode',
    ],
    [{ service: 'result-checker', exam: 'waec', quantity: 1, phone: '' }, 'phone'],
    [{ service: 'airtime', requestId: 'short', network: 'mtn', phone: '08031234567', amount: '100' }, 'requestId'],
    [{ service: 'lottery' }, 'service'],
    [{ service: 'airtime', network: 'mtn', phone: '08031234567', amount: '100', price: '1' }, 'price'],
  ])('refuses %j naming %s, charging nothing', async (body, path) => {
    const { token } = await fundedAgent(t, 1_000_000n);
    const response = await t.request('POST', BUY, { token, body: { requestId: rid(), ...body } });
    expect(response.status).toBe(422);
    expect(response.body.errors?.map((e) => e.path)).toContain(path);
    expect(await walletBalance(t, token)).toBe('10000.00');
  });

  it('validates meters and smartcards', async () => {
    const { token } = await fundedAgent(t, 0n);
    const meter = await t.request(
      'GET',
      `/api/v1/agent/validate/meter?meter_number=${SANDBOX_VALUES.prepaidMeter}&disco_name=eko-electric&meter_type=prepaid`,
      { token },
    );
    expect(meter.status).toBe(200);
    expect(meter.body.data).toMatchObject({
      meterNumber: SANDBOX_VALUES.prepaidMeter,
      meterType: 'prepaid',
      minimumAmount: '1000.00',
    });
    expect(meter.body.data.customerName).toBeTruthy();
    const wrong = await t.request(
      'GET',
      '/api/v1/agent/validate/meter?meter_number=9990000000000&disco_name=eko-electric&meter_type=prepaid',
      { token },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.[0]?.path).toBe('meter_number');
    const card = await t.request(
      'GET',
      `/api/v1/agent/validate/smartcard?provider=gotv&smartcard_number=${SANDBOX_VALUES.smartcard}`,
      { token },
    );
    expect(card.status).toBe(200);
    expect(card.body.data.currentBouquet).toBeTruthy();
    expect(card.body.data.renewalAmount).toMatch(/^\d+\.\d{2}$/);
  });

  it('lets operators set prices and switch products off', async () => {
    const { token } = await fundedAgent(t, 100_000n);
    expect(
      (
        await t.request('PATCH', '/api/v1/admin/catalog/services/mtn-data/variations/mtn-1gb-500', {
          token: operator,
          body: { agentPrice: '450' },
        })
      ).status,
    ).toBe(200);
    const services = (await t.request('GET', '/api/v1/agent/services?category=data', { token })).body.data;
    const plan = services
      .find((s: { id: string }) => s.id === 'mtn-data')
      .variations.find((v: { code: string }) => v.code === 'mtn-1gb-500');
    expect(plan.price).toBe('450.00');
    expect(
      (await t.request('PATCH', '/api/v1/admin/catalog/services/glo', { token: operator, body: { enabled: false } }))
        .status,
    ).toBe(200);
    const off = await t.request('POST', BUY, {
      token,
      body: { service: 'airtime', requestId: rid(), network: 'glo', phone: '08051234567', amount: '100' },
    });
    expect(off.status).toBe(422);
    await t.request('PATCH', '/api/v1/admin/catalog/services/glo', { token: operator, body: { enabled: true } });
    await t.request('PATCH', '/api/v1/admin/catalog/services/mtn-data/variations/mtn-1gb-500', {
      token: operator,
      body: { agentPrice: null },
    });

    // One plan switched off: gone from the list, refused at purchase, back when switched on.
    const switchPlan = (enabled: boolean) =>
      t.request('PATCH', '/api/v1/admin/catalog/services/mtn-data/variations/mtn-1gb-500', {
        token: operator,
        body: { enabled },
      });
    const listed = async () =>
      (await t.request('GET', '/api/v1/agent/services?category=data', { token })).body.data
        .find((s: { id: string }) => s.id === 'mtn-data')
        .variations.some((v: { code: string }) => v.code === 'mtn-1gb-500') as boolean;
    const buyPlan = () =>
      t.request('POST', BUY, {
        token,
        body: { service: 'data', requestId: rid(), network: 'mtn', planCode: 'mtn-1gb-500', phone: '08031234567' },
      });
    expect((await switchPlan(false)).status).toBe(200);
    expect(await listed()).toBe(false);
    const refused = await buyPlan();
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.[0]?.path).toBe('planCode');
    expect((await switchPlan(true)).status).toBe(200);
    expect(await listed()).toBe(true);
    expect((await buyPlan()).status).toBe(201);

    // A discount is 0 to 100 % with up to two decimals; 100.5 % is refused, naming the field.
    const discount = (discountPercent: string) =>
      t.request('PATCH', '/api/v1/admin/catalog/services/glo', { token: operator, body: { discountPercent } });
    for (const bad of ['100.5', '101', '2.555']) {
      const refused = await discount(bad);
      expect(refused.status, bad).toBe(422);
      expect(refused.body.errors?.[0]?.path).toBe('discountPercent');
    }
    const glo = async () =>
      (await t.request('GET', '/api/v1/agent/services?category=airtime', { token })).body.data.find(
        (s: { id: string }) => s.id === 'glo',
      );
    const before = (await glo()).discountPercent as string;
    expect((await discount('12.5')).status).toBe(200);
    expect((await glo()).discountPercent).toBe('12.50');
    await discount(before);
  });

  // Purchases price from catalogue rows kept in memory until PostgreSQL notifies a change
  // (decision 026): from the operators' API, or from anywhere else.
  it('prices each purchase from the catalogue as it is now, however it was changed', async () => {
    const { token } = await fundedAgent(t, 1_000_000n);
    const buyPlan = async () => {
      const response = await t.request('POST', BUY, {
        token,
        body: { service: 'data', requestId: rid(), network: 'mtn', planCode: 'mtn-1gb-500', phone: '08031234567' },
      });
      expect(response.status).toBe(201);
      return response.body.data.price as string;
    };
    const setPrice = (agentPrice: string | null) =>
      t.request('PATCH', '/api/v1/admin/catalog/services/mtn-data/variations/mtn-1gb-500', {
        token: operator,
        body: { agentPrice },
      });
    const listed = await buyPlan();
    expect(await buyPlan()).toBe(listed);
    try {
      expect((await setPrice('450')).status).toBe(200);
      expect(await buyPlan()).toBe('450.00');
      await t.db.query(
        `UPDATE catalog_variations SET agent_price = 44000 WHERE service_id = 'mtn-data' AND code = 'mtn-1gb-500'`,
      );
      await t.db.notifications.delivered();
      expect(await buyPlan()).toBe('440.00');
      await t.db.query(`UPDATE catalog_services SET enabled = false WHERE service_id = 'mtn-data'`);
      await t.db.notifications.delivered();
      const off = await t.request('POST', BUY, {
        token,
        body: { service: 'data', requestId: rid(), network: 'mtn', planCode: 'mtn-1gb-500', phone: '08031234567' },
      });
      expect(off.status).toBe(422);
    } finally {
      await t.db.query(`UPDATE catalog_services SET enabled = true WHERE service_id = 'mtn-data'`);
      await setPrice(null);
    }
    expect(await buyPlan()).toBe(listed);
  });

  it('answers a replay with its order even after the product was switched off, charging once', async () => {
    const { token } = await fundedAgent(t, 100_000n);
    const requestId = rid();
    const body = { service: 'airtime', requestId, network: 'airtel', phone: '08021234567', amount: '200' };
    const first = await t.request('POST', BUY, { token, body });
    expect(first.status).toBe(201);
    const after = await walletBalance(t, token);
    const off = (enabled: boolean) =>
      t.request('PATCH', '/api/v1/admin/catalog/services/airtel', { token: operator, body: { enabled } });
    expect((await off(false)).status).toBe(200);
    try {
      const again = await t.request('POST', BUY, { token, body });
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ status: 'delivered', transactionId: first.body.data.transactionId });
      const changed = await t.request('POST', BUY, { token, body: { ...body, amount: '300' } });
      expect(changed.status).toBe(409);
      const fresh = await t.request('POST', BUY, { token, body: { ...body, requestId: rid() } });
      expect(fresh.status).toBe(422);
      expect(await walletBalance(t, token)).toBe(after);
    } finally {
      await off(true);
    }
  });

  it('lets operators find stuck orders; a refund asks the upstream first and never refunds a delivery', async () => {
    const { token } = await fundedAgent(t, 100_000n);
    const requestId = rid();
    await t.request('POST', BUY, {
      token,
      body: { service: 'airtime', requestId, network: 'mtn', phone: SANDBOX_VALUES.pendingPhone, amount: '100' },
    });
    const stuck = await t.request('GET', '/api/v1/admin/orders/pending?olderThanHours=0', { token: operator });
    const order = stuck.body.data.find((o: { requestId: string }) => o.requestId === requestId);
    expect(order).toMatchObject({ status: 'pending', alert: null });
    // The upstream delivered it (the sandbox's pending number resolves on the first requery):
    // the refund delivers the order instead, and the agent keeps paying for what the customer got.
    const asked = await t.request('POST', `/api/v1/admin/orders/${order.id}/refund`, {
      token: operator,
      body: { reason: 'The customer says nothing arrived' },
    });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toMatch(/^Not refunded: the upstream delivered this order \(000 /);
    expect(asked.body.data).toMatchObject({ status: 'delivered', outcome: 'delivered', upstream: { code: '000' } });
    expect(await walletBalance(t, token)).toBe('902.00');
    const again = await t.request('POST', `/api/v1/admin/orders/${order.id}/refund`, {
      token: operator,
      body: { reason: 'again', force: true },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order is already delivered');
    expect(await walletBalance(t, token)).toBe('902.00');
    // Bad input is named.
    const bad = await t.request('POST', `/api/v1/admin/orders/${order.id}/refund`, {
      token: operator,
      body: { reason: 'x', force: 'yes' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.map((error) => error.path).sort()).toEqual(['force', 'reason']);
  });

  it("does not show another agent's purchase", async () => {
    const owner = await fundedAgent(t, 100_000n);
    const other = await fundedAgent(t, 0n);
    const requestId = rid();
    await t.request('POST', BUY, {
      token: owner.token,
      body: { service: 'airtime', requestId, network: 'mtn', phone: '08031234567', amount: '100' },
    });
    expect((await t.request('GET', `${BUY}/${requestId}`, { token: other.token })).status).toBe(404);
  });
});

import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { AppError } from '../../lib/app-error.js';
import { fundedAgent, startTestApp, TEST_PIN, type TestApp, walletBalance } from '../../test/test-app.js';
import { expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken } from '../../test/test-operator.js';
import { SANDBOX_VALUES } from '../upstream/sandbox/sandbox-outcomes.js';
import { claimQueuedLines } from './bulk-purchases.repo.js';

const BULK = '/api/v1/agent/bulk-purchases';
const R = '/api/v1/reseller';
const key = () => randomUUID();
/** ₦100 of MTN airtime costs an agent ₦98 (2 % off). */
const PRICE = 9_800n;

describe('bulk purchases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    const synced = await t.request('POST', '/api/v1/admin/catalog/sync', { token: await operatorToken(t) });
    expect(synced.status).toBe(200);
  });
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  const ordersOf = async (userId: string) =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [userId]))[0]!.n;
  const airtime = (phones: string[], clientKey = key()) => ({
    service: 'airtime',
    clientKey,
    pin: TEST_PIN,
    rows: phones.map((phone) => ({ network: 'mtn', phone, amount: '100' })),
  });
  /** Runs the worker until no row is queued. */
  const drain = async () => {
    while ((await t.app.bulkPurchases.runDue(10)) > 0);
  };

  it('queues the rows, places each as its own order, and a replay of the same key pays nothing again', async () => {
    const { token, user } = await fundedAgent(t, 100_000n);
    const body = airtime(['08031234567', '+2348061234567', '08131234567']);
    const created = await t.request('POST', BULK, { token, body });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      status: 'processing',
      counts: { total: 3, queued: 3 },
      totalCharged: '0.00',
    });
    expect(created.body.data.rows[1]).toMatchObject({
      index: 1,
      phone: '08061234567',
      status: 'queued',
      charged: false,
    });
    expect(await walletBalance(t, token)).toBe('1000.00');

    await drain();
    const done = await t.request('GET', `${BULK}/${created.body.data.id}`, { token });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      status: 'done',
      counts: { total: 3, queued: 0, pending: 0, delivered: 3, failed: 0 },
      totalCharged: '294.00',
    });
    expect(
      done.body.data.rows.every((row: { charged: boolean; price: string }) => row.charged && row.price === '98.00'),
    ).toBe(true);
    // Each row is an order under its own requestId, readable like any purchase.
    const one = await t.request('GET', `/api/v1/agent/purchases/${done.body.data.rows[0].requestId}`, { token });
    expect(one.body.data).toMatchObject({ status: 'delivered', recipient: '08031234567' });

    const replay = await t.request('POST', BULK, { token, body });
    expect(replay.status).toBe(200);
    expect(replay.body.data.id).toBe(created.body.data.id);
    await drain();
    expect(await ordersOf(user.id)).toBe(3);
    expect(await walletBalance(t, token)).toBe('706.00');

    const different = await t.request('POST', BULK, { token, body: { ...body, rows: body.rows.slice(1) } });
    expect(different.status).toBe(409);
    expect(different.body.errors?.[0]?.path).toBe('clientKey');
  });

  it('makes one batch and one order per row from 10 concurrent submissions of one key', async () => {
    const { token, user } = await fundedAgent(t, 100_000n);
    const body = airtime(['08031234567', '08161234567', '07031234567']);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.request('POST', BULK, { token, body })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.every((a) => a.status === 201 || a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    // Two workers at once (two instances) still place each row once.
    await Promise.all([drain(), drain()]);
    expect(await ordersOf(user.id)).toBe(3);
    expect(await walletBalance(t, token)).toBe('706.00');
  });

  it('finishes after a restart the batch a stopped worker left half placed, paying each row once', async () => {
    const { token, user } = await fundedAgent(t, 100_000n);
    const created = await t.request('POST', BULK, {
      token,
      body: airtime(['08031234567', '08061234567', '08131234567', '08141234567']),
    });
    const id = created.body.data.id as string;
    // The worker that dies: it claims every row and places two before the process stops.
    const now = t.clock.now();
    const claimed = await claimQueuedLines(t.db, now, new Date(now.getTime() + 60_000), 10);
    expect(claimed.map((line) => line.idx)).toEqual([0, 1, 2, 3]);
    for (const line of claimed.slice(0, 2)) {
      await t.app.purchases.purchase(
        user.id,
        { service: 'airtime', requestId: line.request_id, network: 'mtn', phone: line.phone, amount: line.amount! },
        null,
      );
    }
    expect(await ordersOf(user.id)).toBe(2);

    // Another process on the same database, as after a restart: the claims hold until they expire.
    const config = { ...t.config, upstream: { ...t.config.upstream, bulkIntervalMs: 0 } };
    const restarted = await buildApp({ config, db: t.db, clock: t.clock, logger: pino({ level: 'silent' }) });
    await restarted.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect(await restarted.bulkPurchases.runDue(10)).toBe(0);
      t.clock.advance(61_000);
      expect(await restarted.bulkPurchases.runDue(10)).toBe(4);
      expect(await restarted.bulkPurchases.runDue(10)).toBe(0);
    } finally {
      await restarted.close();
    }
    const batch = (await t.request('GET', `${BULK}/${id}`, { token })).body.data;
    expect(batch).toMatchObject({ status: 'done', counts: { delivered: 4 }, totalCharged: '392.00' });
    expect(await ordersOf(user.id)).toBe(4);
    expect(await walletBalance(t, token)).toBe('608.00');
  });

  it('shows each row’s own fate: delivered, failed and refunded, pending until the requery settles it', async () => {
    const { token } = await fundedAgent(t, 100_000n);
    const created = await t.request('POST', BULK, {
      token,
      body: airtime([SANDBOX_VALUES.success, SANDBOX_VALUES.failure, SANDBOX_VALUES.pendingPhone]),
    });
    await drain();
    const midway = (await t.request('GET', `${BULK}/${created.body.data.id}`, { token })).body.data;
    expect(midway.status).toBe('processing');
    expect(midway.rows.map((row: { status: string; charged: boolean }) => [row.status, row.charged])).toEqual([
      ['delivered', true],
      ['failed', true],
      ['pending', true],
    ]);
    expect(midway.rows[1].message).toBe('The provider could not deliver it. Your wallet was refunded.');
    expect(await walletBalance(t, token)).toBe('804.00');

    t.clock.advance(60_000);
    await t.app.purchases.runDue(100);
    const done = (await t.request('GET', `${BULK}/${created.body.data.id}`, { token })).body.data;
    expect(done).toMatchObject({ status: 'done', counts: { delivered: 2, failed: 1, pending: 0 } });
    expect(await walletBalance(t, token)).toBe('804.00');
  });

  it('fails the rows the balance cannot pay for as not charged', async () => {
    const { token, user } = await fundedAgent(t, 2n * PRICE);
    const created = await t.request('POST', BULK, {
      token,
      body: airtime(['08031234567', '08061234567', '08131234567']),
    });
    expect(created.status).toBe(201);
    await drain();
    const batch = (await t.request('GET', `${BULK}/${created.body.data.id}`, { token })).body.data;
    expect(batch.counts).toMatchObject({ delivered: 2, failed: 1 });
    const failed = batch.rows.find((row: { status: string }) => row.status === 'failed');
    expect(failed).toMatchObject({
      charged: false,
      price: null,
      message: 'Not enough balance in your wallet. Not charged.',
    });
    expect(await ordersOf(user.id)).toBe(2);
    expect(await walletBalance(t, token)).toBe('0.00');
  });

  it('counts a row as charged when its order was made before the purchase failed', async () => {
    const { token, user } = await fundedAgent(t, 100_000n);
    const created = await t.request('POST', BULK, { token, body: airtime(['08031234567']) });
    const purchases = t.app.purchases;
    const original = purchases.purchase;
    // The order commits, then the database drops before the answer: a 503 after the charge.
    purchases.purchase = async (...args) => {
      await original(...args);
      throw new AppError('SERVICE_UNAVAILABLE', 'The database is unavailable');
    };
    try {
      await drain();
    } finally {
      purchases.purchase = original;
    }
    const batch = (await t.request('GET', `${BULK}/${created.body.data.id}`, { token })).body.data;
    expect(batch.rows[0]).toMatchObject({ status: 'delivered', charged: true, price: '98.00' });
    expect(batch.totalCharged).toBe('98.00');
    expect(await ordersOf(user.id)).toBe(1);
  });

  it('places nothing more for an agent suspended after queuing a batch', async () => {
    const { token, user } = await fundedAgent(t, 100_000n);
    const created = await t.request('POST', BULK, { token, body: airtime(['08031234567', '08061234567']) });
    await t.db.query(`UPDATE users SET suspended_at = now(), suspension_reason = 'Review' WHERE id = $1`, [user.id]);
    await drain();
    const batch = await t.app.bulkPurchases.get(user.id, created.body.data.id as string);
    expect(batch).toMatchObject({ status: 'done', counts: { failed: 2 }, totalCharged: '0.00' });
    expect(batch.rows[0]).toMatchObject({ charged: false, message: 'Your account is suspended. Not charged.' });
    expect(await ordersOf(user.id)).toBe(0);
  });

  it('refuses a wrong PIN and invalid rows, naming the row and field, and queues nothing', async () => {
    const { token, user } = await fundedAgent(t, 100_000n);
    const wrongPin = await t.request('POST', BULK, { token, body: { ...airtime(['08031234567']), pin: '1357' } });
    expect(wrongPin.status).toBeGreaterThanOrEqual(400);
    expect(wrongPin.status).toBeLessThan(500);

    const badPhone = await t.request('POST', BULK, {
      token,
      body: {
        ...airtime(['08031234567']),
        rows: [
          { network: 'mtn', phone: '08031234567', amount: '100' },
          { network: 'mtn', phone: '12345', amount: '100' },
        ],
      },
    });
    expect(badPhone.status).toBe(422);
    expect(badPhone.body.errors?.[0]?.path).toBe('rows.1.phone');

    const tooSmall = await t.request('POST', BULK, {
      token,
      body: { ...airtime([]), rows: [{ network: 'mtn', phone: '08031234567', amount: '1' }] },
    });
    expect(tooSmall.status).toBe(422);
    expect(tooSmall.body.errors?.[0]?.path).toBe('rows.0.amount');

    const unknownPlan = await t.request('POST', BULK, {
      token,
      body: {
        service: 'data',
        clientKey: key(),
        pin: TEST_PIN,
        rows: [{ network: 'mtn', phone: '08031234567', planCode: 'no-such-plan' }],
      },
    });
    expect(unknownPlan.status).toBe(422);
    expect(unknownPlan.body.errors?.[0]?.path).toBe('rows.0.planCode');

    const empty = await t.request('POST', BULK, { token, body: airtime([]) });
    expect(empty.status).toBe(422);
    expect(empty.body.errors?.[0]?.path).toBe('rows');

    const tooMany = await t.request('POST', BULK, {
      token,
      body: airtime(Array.from({ length: 1001 }, () => '08031234567')),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors?.[0]?.path).toBe('rows');

    const batches = await t.db.query('SELECT 1 FROM bulk_purchases WHERE user_id = $1', [user.id]);
    expect(batches).toHaveLength(0);
  });

  it('buys data plans in bulk', async () => {
    const { token } = await fundedAgent(t, 100_000n);
    const created = await t.request('POST', BULK, {
      token,
      body: {
        service: 'data',
        clientKey: key(),
        pin: TEST_PIN,
        rows: [
          { network: 'mtn', phone: '08031234567', planCode: 'mtn-1gb-500' },
          { network: 'mtn', phone: '08061234567', planCode: 'mtn-1gb-500' },
        ],
      },
    });
    expect(created.status).toBe(201);
    await drain();
    const batch = (await t.request('GET', `${BULK}/${created.body.data.id}`, { token })).body.data;
    expect(batch).toMatchObject({ status: 'done', counts: { delivered: 2 }, totalCharged: '970.00' });
    expect(await walletBalance(t, token)).toBe('30.00');
  });

  it('keeps each agent’s batches their own', async () => {
    const owner = await fundedAgent(t, 100_000n);
    const other = await fundedAgent(t, 0n);
    const created = await t.request('POST', BULK, { token: owner.token, body: airtime(['08031234567']) });
    await drain();
    const theirs = await t.request('GET', `${BULK}/${created.body.data.id}`, { token: other.token });
    expect(theirs.status).toBe(404);
    const missing = await t.request('GET', `${BULK}/${randomUUID()}`, { token: owner.token });
    expect(missing.status).toBe(404);
    const signedOut = await t.request('GET', `${BULK}/${created.body.data.id}`);
    expect(signedOut.status).toBe(401);
  });

  describe('through the reseller API', () => {
    async function resellerAgent(kobo: bigint) {
      const agent = await fundedAgent(t, kobo);
      const created = await t.request('POST', '/api/v1/agent/api/keys', { token: agent.token });
      expect(created.status).toBe(201);
      return { ...agent, key: created.body.data.secret as string };
    }

    it('places each row under its own requestId; the same rows again are the same batch, charged once', async () => {
      const { key: apiKey, user, token } = await resellerAgent(100_000n);
      // A requestId already bought alone is that order: the batch does not buy it again.
      const earlier = await t.request('POST', `${R}/purchases`, {
        token: apiKey,
        body: { service: 'airtime', requestId: 'shop-batch-0001', network: 'mtn', phone: '08031234567', amount: '100' },
      });
      expect(earlier.status).toBe(201);
      const body = {
        rows: [
          { service: 'airtime', requestId: 'shop-batch-0001', network: 'mtn', phone: '08031234567', amount: '100' },
          { service: 'airtime', requestId: 'shop-batch-0002', network: 'mtn', phone: '08061234567', amount: '100' },
          {
            service: 'data',
            requestId: 'shop-batch-0003',
            network: 'mtn',
            phone: '08131234567',
            planCode: 'mtn-1gb-500',
          },
        ],
      };
      const created = await t.request('POST', `${R}/purchases/batch`, { token: apiKey, body });
      expect(created.status).toBe(201);
      expect(created.body.data.rows.map((row: { requestId: string }) => row.requestId)).toEqual([
        'shop-batch-0001',
        'shop-batch-0002',
        'shop-batch-0003',
      ]);
      const replays = await Promise.all(
        Array.from({ length: 5 }, () => t.request('POST', `${R}/purchases/batch`, { token: apiKey, body })),
      );
      expect(replays.every((r) => r.status === 200 && r.body.data.id === created.body.data.id)).toBe(true);
      await drain();
      const batch = await t.request('GET', `${R}/purchases/batch/${created.body.data.id}`, { token: apiKey });
      expect(batch.status).toBe(200);
      expect(batch.body.data).toMatchObject({ status: 'done', counts: { delivered: 3 } });
      expect(await ordersOf(user.id)).toBe(3);
      // ₦98 alone, ₦98 and ₦485 by the batch.
      expect(await walletBalance(t, token)).toBe(`${(1000 - 98 - 98 - 485).toFixed(2)}`);

      // Another agent's key cannot read it.
      const stranger = await resellerAgent(0n);
      const theirs = await t.request('GET', `${R}/purchases/batch/${created.body.data.id}`, { token: stranger.key });
      expect(theirs.status).toBe(404);
    });

    it('fails a row whose requestId is another purchase’s, without charging it', async () => {
      const { key: apiKey, token } = await resellerAgent(100_000n);
      const first = await t.request('POST', `${R}/purchases`, {
        token: apiKey,
        body: { service: 'airtime', requestId: 'shop-other-0001', network: 'mtn', phone: '08031234567', amount: '100' },
      });
      expect(first.status).toBe(201);
      const created = await t.request('POST', `${R}/purchases/batch`, {
        token: apiKey,
        body: {
          rows: [
            { service: 'airtime', requestId: 'shop-other-0001', network: 'mtn', phone: '08061234567', amount: '200' },
          ],
        },
      });
      expect(created.status).toBe(201);
      await drain();
      const batch = (await t.request('GET', `${R}/purchases/batch/${created.body.data.id}`, { token: apiKey })).body
        .data;
      expect(batch.rows[0]).toMatchObject({
        status: 'failed',
        charged: false,
        price: null,
        message: 'This requestId was already used for a different purchase. Not charged.',
      });
      expect(await walletBalance(t, token)).toBe('902.00');
    });

    it('refuses a requestId twice in one batch and names the row', async () => {
      const { key: apiKey } = await resellerAgent(100_000n);
      const row = {
        service: 'airtime',
        requestId: 'shop-twice-0001',
        network: 'mtn',
        phone: '08031234567',
        amount: '100',
      };
      const answer = await t.request('POST', `${R}/purchases/batch`, {
        token: apiKey,
        body: { rows: [row, { ...row, phone: '08061234567' }] },
      });
      expect(answer.status).toBe(422);
      expect(answer.body.errors?.[0]?.path).toBe('rows.1.requestId');
      const badPhone = await t.request('POST', `${R}/purchases/batch`, {
        token: apiKey,
        body: { rows: [{ ...row, phone: 'abc' }] },
      });
      expect(badPhone.status).toBe(422);
      expect(badPhone.body.errors?.[0]?.path).toBe('rows.0.phone');
    });
  });

  it('documents its endpoints in the OpenAPI document', async () => {
    const doc = (await t.request('GET', '/api/v1/openapi.json')).body as unknown as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/agent/bulk-purchases',
        '/api/v1/agent/bulk-purchases/{id}',
        '/api/v1/reseller/purchases/batch',
        '/api/v1/reseller/purchases/batch/{id}',
      ]),
    );
  });
});

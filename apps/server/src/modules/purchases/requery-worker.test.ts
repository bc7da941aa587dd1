import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken } from '../../test/test-operator.js';
import { SANDBOX_VALUES } from '../upstream/sandbox/sandbox-outcomes.js';
import { createCatalogLookup } from '../catalog/catalog-lookup.js';
import { bareOutcome } from '../upstream/upstream.js';
import { createPurchasesService } from './purchases.service.js';
import { withOneUpstream } from '../routing/single-upstream.js';

const WEBHOOK_TOKEN = 'upstream-webhook-token-for-tests';

describe('resolving pending orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000', UPSTREAM_WEBHOOK_TOKEN: WEBHOOK_TOKEN } });
    const operator = await operatorToken(t);
    await t.request('POST', '/api/v1/admin/catalog/sync', { token: operator });
  });
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  async function pendingOrders(count: number) {
    const agent = await registerAgent(t);
    await creditWallet(t.db, agent.user.id, 1_000_000n, { now: new Date(t.clock.now().getTime() - 1000) });
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const requestId = randomUUID();
      const response = await t.request('POST', '/api/v1/agent/purchases', {
        token: agent.token,
        body: { service: 'airtime', requestId, network: 'mtn', phone: SANDBOX_VALUES.pendingPhone, amount: '100' },
      });
      expect(response.body.data.status).toBe('pending');
      ids.push(requestId);
    }
    return { agent, ids };
  }

  it('shares the queue between workers: each order is claimed by one of them', async () => {
    const { ids } = await pendingOrders(12);
    t.clock.advance(60_000);
    // Two workers as on two instances, same database, same upstream.
    const other = createPurchasesService({
      db: t.db,
      clock: t.clock,
      ...withOneUpstream(t.app.upstream),
      catalog: await createCatalogLookup({ db: t.db, clock: t.clock }),
      log: pino({ level: 'silent' }),
      upstreamTimeoutMs: 1000,
    });
    const [a, b] = await Promise.all([t.app.purchases.runDue(8), other.runDue(8)]);
    expect(a + b).toBe(12);
    const rows = await t.db.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM orders WHERE request_id = ANY($1::text[])',
      [ids],
    );
    expect(rows.every((row) => row.status === 'delivered')).toBe(true);
    // One pay and one requery each: nobody requeried an order twice.
    expect(rows.every((row) => row.attempts === 2)).toBe(true);
  });

  it('asks the upstream about up to REQUERY_CONCURRENCY orders at once, so a backlog clears in a few rounds', async () => {
    const { ids } = await pendingOrders(12);
    t.clock.advance(60_000);
    let inFlight = 0;
    let most = 0;
    const counting = createPurchasesService({
      db: t.db,
      clock: t.clock,
      ...withOneUpstream({
        ...t.app.upstream,
        requery: async (requestId) => {
          inFlight++;
          most = Math.max(most, inFlight);
          await new Promise((resolve) => setTimeout(resolve, 50));
          inFlight--;
          return t.app.upstream.requery(requestId);
        },
      }),
      catalog: await createCatalogLookup({ db: t.db, clock: t.clock }),
      log: pino({ level: 'silent' }),
      upstreamTimeoutMs: 1000,
      requeryConcurrency: 4,
    });
    expect(await counting.runDue(12)).toBe(12);
    expect(most).toBe(4);
    const rows = await t.db.query<{ status: string }>('SELECT status FROM orders WHERE request_id = ANY($1::text[])', [
      ids,
    ]);
    expect(rows.map((row) => row.status)).toEqual(Array.from({ length: 12 }, () => 'delivered'));
  });

  it('requeries on the upstream webhook instead of believing it', async () => {
    const { agent, ids } = await pendingOrders(1);
    const [order] = await t.db.query<{ upstream_request_id: string }>(
      'SELECT upstream_request_id FROM orders WHERE request_id = $1',
      [ids[0]],
    );
    // The webhook claims "failed"; the requery says delivered, and that is what counts.
    const hook = await t.request('POST', `/api/v1/webhooks/upstream/${WEBHOOK_TOKEN}`, {
      body: {
        type: 'transaction-update',
        data: { requestId: order!.upstream_request_id, code: '016', content: { transactions: { status: 'failed' } } },
      },
    });
    expect(hook.status).toBe(200);
    expect(hook.body).toEqual({ response: 'success' } as never);
    const state = await t.request('GET', `/api/v1/agent/purchases/${ids[0]}`, { token: agent.token });
    expect(state.body.data.status).toBe('delivered');
    expect((await t.request('POST', '/api/v1/webhooks/upstream/wrong-token-wrong-token-x', { body: {} })).status).toBe(
      404,
    );
    // An id that cannot be ours (a NUL, which the database refuses) is acknowledged and ignored, not a 500.
    const odd = await t.request('POST', `/api/v1/webhooks/upstream/${WEBHOOK_TOKEN}`, {
      body: { type: 'transaction-update', data: { requestId: 'a\u0000b' } },
    });
    expect(odd.status).toBe(200);
    expect(odd.body).toEqual({ response: 'success' } as never);
  });

  it('schedules the first requery 10 seconds after a pending answer, and leaves it alone until then', async () => {
    const { ids } = await pendingOrders(1);
    const [order] = await t.db.query<{ next_attempt_at: Date }>(
      'SELECT next_attempt_at FROM orders WHERE request_id = $1',
      [ids[0]],
    );
    expect(order!.next_attempt_at.getTime() - t.clock.now().getTime()).toBe(10_000);
    t.clock.advance(9_000);
    expect(await t.app.purchases.runDue()).toBe(0);
    t.clock.advance(1_000);
    expect(await t.app.purchases.runDue()).toBe(1);
  });

  it('waits longer after each pending answer, and lists the order for operators once it is 24 hours old', async () => {
    const { ids } = await pendingOrders(1);
    const placedAt = t.clock.now().getTime();
    // An upstream that keeps saying "processing" on every requery.
    const stubborn = createPurchasesService({
      db: t.db,
      clock: t.clock,
      ...withOneUpstream({
        ...t.app.upstream,
        requery: async () => bareOutcome('unknown', '099', 'TRANSACTION PROCESSING'),
      }),
      catalog: await createCatalogLookup({ db: t.db, clock: t.clock }),
      log: pino({ level: 'silent' }),
      upstreamTimeoutMs: 1000,
    });
    const order = async () =>
      (
        await t.db.query<{ next_attempt_at: Date; status: string; attempts: number }>(
          'SELECT next_attempt_at, status, attempts FROM orders WHERE request_id = $1',
          [ids[0]],
        )
      )[0]!;
    const waits: number[] = [];
    for (let requery = 0; requery <= 8; requery++) {
      const { next_attempt_at } = await order();
      const wait = next_attempt_at.getTime() - t.clock.now().getTime();
      waits.push(wait / 1000);
      t.clock.advance(wait);
      if (requery < 8) expect(await stubborn.runDue()).toBeGreaterThanOrEqual(1);
    }
    expect(waits).toEqual([10, 30, 60, 120, 300, 600, 1800, 1800, 1800]);
    expect(await order()).toMatchObject({ status: 'pending', attempts: 9 });

    // Operators see it once it has been unresolved for 24 hours (the default), not before.
    // (A session of its own each time: a day on the test clock outlives any session.)
    const stuck = async () => {
      const answer = await t.request('GET', '/api/v1/admin/orders/pending', { token: await operatorToken(t) });
      expect(answer.status).toBe(200);
      return (answer.body.data as Array<{ requestId: string }>).some((row) => row.requestId === ids[0]);
    };
    t.clock.advance(placedAt + 24 * 3_600_000 - 1_000 - t.clock.now().getTime());
    expect(await stuck()).toBe(false);
    t.clock.advance(1_000);
    expect(await stuck()).toBe(true);
  });
});

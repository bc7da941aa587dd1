import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callSandbox, SANDBOX_KEYS, startSandboxProcess, type SandboxProcess } from '../../test/sandbox-process.js';
import { fundedAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken } from '../../test/test-operator.js';
import { findWalletBalance } from '../ledger/ledger.repo.js';
import { createCatalogLookup } from '../catalog/catalog-lookup.js';
import { SANDBOX_VALUES } from '../upstream/sandbox/sandbox-outcomes.js';
import { newRequestId } from '../upstream/vtpass/request-id.js';
import { createVtpassAdapter } from '../upstream/vtpass/vtpass-adapter.js';
import { createPurchasesService } from './purchases.service.js';
import { withOneUpstream } from '../routing/single-upstream.js';

const WEBHOOK_TOKEN = 'upstream-webhook-token-for-fate-tests';
const BUY = '/api/v1/agent/purchases';

/**
 * The edges of the upstream relationship where an answer was read as final when it was not
 * (issue 18, cases 1 to 3), against the sandbox as a process of its own that outlives what the
 * test restarts and keeps what it was sold, as the upstream does. Each test failed before the
 * fix: the refused requery refunded, the operator refunded deliveries, the hint paid again.
 */
describe('an order’s fate at the upstream’s edges', () => {
  let sandbox: SandboxProcess;
  let t: TestApp;
  let operator: string;
  const logLines: Array<{ msg: string; orderId?: string }> = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => logLines.push(JSON.parse(line)) });

  beforeAll(async () => {
    sandbox = await startSandboxProcess();
    t = await startTestApp({
      env: {
        AUTH_IP_LIMIT_PER_MINUTE: '1000',
        UPSTREAM_BASE_URL: sandbox.baseUrl,
        UPSTREAM_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
      },
    });
    operator = await operatorToken(t);
    const synced = await t.request('POST', '/api/v1/admin/catalog/sync', { token: operator });
    expect(synced.status).toBe(200);
  }, 120_000);
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(async () => {
    await t?.close();
    await sandbox?.stop();
  });

  /** This server's purchases with another adapter: as after a restart with other upstream keys. */
  async function purchasesWith(keys: { secretKey?: string }) {
    return createPurchasesService({
      db: t.db,
      clock: t.clock,
      ...withOneUpstream(createVtpassAdapter({ baseUrl: sandbox.baseUrl, ...SANDBOX_KEYS, ...keys, timeoutMs: 2000 })),
      catalog: await createCatalogLookup({ db: t.db, clock: t.clock }),
      log: logger,
      upstreamTimeoutMs: 2000,
    });
  }

  async function buyAirtime(token: string, phone: string) {
    const requestId = randomUUID();
    const response = await t.request('POST', BUY, {
      token,
      body: { service: 'airtime', requestId, network: 'mtn', phone, amount: '100' },
    });
    expect(response.status).toBe(201);
    return { requestId, status: response.body.data.status as string };
  }

  const orderOf = async (requestId: string) =>
    (
      await t.db.query<{
        id: string;
        status: string;
        attempts: number;
        upstream_request_id: string;
        upstream_code: string | null;
        alert: string | null;
        alert_detail: string | null;
        resolution_note: string | null;
        refund_transaction_id: string | null;
      }>(
        `SELECT id, status, attempts, upstream_request_id, upstream_code, alert, alert_detail, resolution_note,
           refund_transaction_id
         FROM orders WHERE request_id = $1`,
        [requestId],
      )
    )[0]!;

  const naira = async (userId: string) => Number(await findWalletBalance(t.db, userId)) / 100;

  it('1. a requery refused for the provider’s credentials never refunds: it waits, alerts once, and delivers once the keys are right', async () => {
    const agent = await fundedAgent(t, 100_000n);
    const orders: Array<{ requestId: string; status: string }> = [];
    for (let i = 0; i < 5; i++) orders.push(await buyAirtime(agent.token, SANDBOX_VALUES.pendingPhone));
    expect(orders.every((order) => order.status === 'pending')).toBe(true);
    expect(await naira(agent.user.id)).toBe(1000 - 5 * 98);

    // A restart with a wrong secret key (a key rotated at the upstream): every requery answers 087.
    const rotated = await purchasesWith({ secretKey: 'SK_rotated_wrong' });
    t.clock.advance(10_000);
    expect(await rotated.runDue(50)).toBe(5);
    for (const { requestId } of orders) {
      expect(await orderOf(requestId)).toMatchObject({
        status: 'pending',
        upstream_code: '087',
        alert: 'upstream-refused',
        alert_detail: expect.stringMatching(/^087 /),
        refund_transaction_id: null,
      });
    }
    expect(await naira(agent.user.id)).toBe(1000 - 5 * 98);
    const alerted = () => logLines.filter((line) => /provider account/.test(line.msg)).length;
    expect(alerted()).toBe(5);
    expect(new Set(logLines.map((line) => line.orderId)).size).toBe(5);

    // The worker backs off, and the alert is not repeated however often the upstream refuses.
    const { next_attempt_at } = (
      await t.db.query<{ next_attempt_at: Date }>('SELECT next_attempt_at FROM orders WHERE id = $1', [
        (await orderOf(orders[0]!.requestId)).id,
      ])
    )[0]!;
    expect(next_attempt_at.getTime() - t.clock.now().getTime()).toBe(30_000);
    t.clock.advance(30_000);
    expect(await rotated.runDue(50)).toBe(5);
    expect(alerted()).toBe(5);
    expect(await naira(agent.user.id)).toBe(1000 - 5 * 98);

    // Operators see them, with the upstream's answer.
    const alerts = await t.request('GET', '/api/v1/admin/orders/alerts', { token: operator });
    const mine = (alerts.body.data as Array<{ requestId: string; alert: string; alertDetail: string }>).filter((row) =>
      orders.some((order) => order.requestId === row.requestId),
    );
    expect(mine).toHaveLength(5);
    expect(mine[0]).toMatchObject({ alert: 'upstream-refused', alertDetail: expect.stringMatching(/^087 /) });

    // The right keys again: the upstream delivered every one, and they are delivered, charged once.
    t.clock.advance(60_000);
    expect(await t.app.purchases.runDue(50)).toBe(5);
    for (const { requestId } of orders) expect((await orderOf(requestId)).status).toBe('delivered');
    expect(await naira(agent.user.id)).toBe(1000 - 5 * 98);
  });

  it('2. an operator’s refund asks the upstream first: a delivery is delivered, a failure refunded, anything else only by force', async () => {
    const agent = await fundedAgent(t, 100_000n);
    const refund = (id: string, body: Record<string, unknown>) =>
      t.request('POST', `/api/v1/admin/orders/${id}/refund`, { token: operator, body });

    // Delivered at the upstream, pending here.
    const delivered = await buyAirtime(agent.token, SANDBOX_VALUES.pendingPhone);
    const asked = await refund((await orderOf(delivered.requestId)).id, { reason: 'Customer complained' });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ status: 'delivered', outcome: 'delivered' });
    expect(asked.body.message).toMatch(/^Not refunded: the upstream delivered this order/);

    // Failed at the upstream, though we never heard: the upstream's own failure refunds it.
    const failed = await buyAirtime(agent.token, SANDBOX_VALUES.pendingPhone);
    const failedAtUpstream = newRequestId(new Date());
    await t.db.query('UPDATE orders SET upstream_request_id = $2 WHERE request_id = $1', [
      failed.requestId,
      failedAtUpstream,
    ]);
    const paid = await callSandbox(sandbox.baseUrl, 'pay', {
      request_id: failedAtUpstream,
      serviceID: 'mtn',
      amount: '100',
      phone: SANDBOX_VALUES.failure,
    });
    expect(paid.code).toBe('016');
    const refunded = await refund((await orderOf(failed.requestId)).id, { reason: 'Stuck for a day' });
    expect(refunded.status).toBe(200);
    expect(refunded.body.data).toMatchObject({ status: 'failed', outcome: 'refunded', upstream: { code: '016' } });
    expect((await orderOf(failed.requestId)).resolution_note).toMatch(/^Refunded on the upstream's answer \(016 /);

    // Unknown at the upstream (sold while it was down): a refund needs force, and says what it overrides.
    await sandbox.stop();
    const unknown = await buyAirtime(agent.token, '08031234567');
    await sandbox.restart();
    expect(unknown.status).toBe('pending');
    const id = (await orderOf(unknown.requestId)).id;
    const refused = await refund(id, { reason: 'Upstream has no record' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Not refunded: the upstream's answer is not definitive \(015 /);
    expect((await orderOf(unknown.requestId)).status).toBe('pending');

    // While a pay for it may be in flight, not even by force.
    await t.db.query('UPDATE orders SET sending_until = $2 WHERE id = $1', [
      id,
      new Date(t.clock.now().getTime() + 60_000),
    ]);
    const inFlight = await refund(id, { reason: 'Upstream has no record', force: true });
    expect(inFlight.status).toBe(409);
    expect(inFlight.body.message).toMatch(/in flight/);
    await t.db.query('UPDATE orders SET sending_until = NULL WHERE id = $1', [id]);

    const forced = await refund(id, { reason: 'Upstream support confirmed it never arrived', force: true });
    expect(forced.status).toBe(200);
    expect(forced.body.data).toMatchObject({
      status: 'failed',
      outcome: 'refunded-by-force',
      resolutionNote: expect.stringMatching(
        /^Refunded by force: Upstream support confirmed it never arrived \(the upstream said: 015 /,
      ),
    });
    // The agent got back the two refunded orders, not the delivered one.
    expect(await naira(agent.user.id)).toBe(1000 - 98);
    expect((await refund(id, { reason: 'again', force: true })).status).toBe(409);
    expect(await naira(agent.user.id)).toBe(1000 - 98);
  });

  it('3. the upstream’s webhook never pays: not for a refunded order it does not know; a late delivery of one is flagged, money untouched', async () => {
    const agent = await fundedAgent(t, 100_000n);
    const hook = (upstreamRequestId: string) =>
      t.request('POST', `/api/v1/webhooks/upstream/${WEBHOOK_TOKEN}`, {
        body: {
          type: 'transaction-update',
          data: { requestId: upstreamRequestId, code: '000', content: { transactions: { status: 'delivered' } } },
        },
      });

    // An order sold while the upstream was down, refunded by an operator's force.
    await sandbox.stop();
    const order = await buyAirtime(agent.token, '08031234567');
    await sandbox.restart();
    const { id, upstream_request_id } = await orderOf(order.requestId);
    await t.request('POST', `/api/v1/admin/orders/${id}/refund`, {
      token: operator,
      body: { reason: 'Never reached the upstream', force: true },
    });
    expect((await orderOf(order.requestId)).status).toBe('failed');
    expect(await naira(agent.user.id)).toBe(1000);

    // A webhook names it; the requery answers 015: nothing is sent, the upstream still has no such request.
    expect((await hook(upstream_request_id)).status).toBe(200);
    expect((await callSandbox(sandbox.baseUrl, 'requery', { request_id: upstream_request_id })).code).toBe('015');
    expect(await orderOf(order.requestId)).toMatchObject({ status: 'failed', alert: null });
    expect(await naira(agent.user.id)).toBe(1000);

    // Then the pay arrives at the upstream after all (a delayed duplicate) and is delivered: the
    // next webhook flags the order for an operator, once; the refund stands until they decide.
    const late = await callSandbox(sandbox.baseUrl, 'pay', {
      request_id: upstream_request_id,
      serviceID: 'mtn',
      amount: '100',
      phone: '08031234567',
    });
    expect(late.code).toBe('000');
    await hook(upstream_request_id);
    const flaggedAt = async () =>
      (await t.db.query<{ alerted_at: Date }>('SELECT alerted_at FROM orders WHERE id = $1', [id]))[0]!.alerted_at;
    const first = await flaggedAt();
    t.clock.advance(60_000);
    await hook(upstream_request_id);
    expect(await flaggedAt()).toEqual(first);
    expect(await orderOf(order.requestId)).toMatchObject({
      status: 'failed',
      alert: 'delivered-after-refund',
      alert_detail: expect.stringMatching(/^000 /),
    });
    expect(await naira(agent.user.id)).toBe(1000);
    const alerts = await t.request('GET', '/api/v1/admin/orders/alerts', { token: operator });
    expect(alerts.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ requestId: order.requestId, alert: 'delivered-after-refund', status: 'failed' }),
      ]),
    );

    // The worker never picks a settled order up again.
    t.clock.advance(3_600_000);
    const before = await orderOf(order.requestId);
    await t.app.purchases.runDue(200);
    expect(await orderOf(order.requestId)).toEqual(before);
  });
});

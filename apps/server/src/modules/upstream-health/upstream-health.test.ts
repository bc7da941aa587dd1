import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fundedAgent, registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken, operatorWithRole } from '../../test/test-operator.js';
import { lagosDayStart } from '../dashboard/lagos-time.js';
import { testValue } from '../upstream/clubkonnect-sandbox/outcomes.js';
import { SANDBOX_VALUES } from '../upstream/sandbox/sandbox-outcomes.js';
import { lastOutcomes, latestOpening, outcomeCounts, payLatencies, spentSince } from './upstream-health.repo.js';

const BUY = '/api/v1/agent/purchases';
const HEALTH = '/api/v1/admin/upstreams/health';
const HOUR = 3_600_000;

/**
 * Upstream health over real HTTP against both built-in sandboxes (issue 22 item 4, decision
 * 040): the last hour per upstream and service, the circuit breaker that skips a collapsed
 * upstream for a cool-down, and the balance that will not last the day.
 */
describe('upstream health and the circuit breaker', () => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await startTestApp({
      env: { AUTH_IP_LIMIT_PER_MINUTE: '1000', BREAKER_MIN_ATTEMPTS: '10', BREAKER_COOLDOWN_MS: '600000' },
    });
    owner = await operatorToken(t);
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token: owner })).status).toBe(200);
    const routed = await t.request('PUT', '/api/v1/admin/routes/mtn', {
      token: owner,
      body: { upstreams: ['vtpass', 'clubkonnect'] },
    });
    expect(routed.status).toBe(200);
  }, 60_000);
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  async function buyAirtime(token: string, phone: string) {
    const requestId = randomUUID();
    const response = await t.request('POST', BUY, {
      token,
      body: { service: 'airtime', requestId, network: 'mtn', phone, amount: '100' },
    });
    expect(response.status).toBe(201);
    const [order] = await t.db.query<{ id: string; status: string; upstream_id: string }>(
      `SELECT id, status, upstream_id FROM orders WHERE request_id = $1`,
      [requestId],
    );
    const attempts = await t.db.query<{ upstream_id: string }>(
      `SELECT upstream_id FROM order_attempts WHERE order_id = $1 ORDER BY attempt`,
      [order!.id],
    );
    return { ...order!, attempts: attempts.map((a) => a.upstream_id) };
  }

  const alertsTo = async (subject: string) =>
    (await t.db.query<{ to_address: string }>(`SELECT to_address FROM email_outbox WHERE subject = $1`, [subject])).map(
      (row) => row.to_address,
    );

  it('answers each upstream’s last hour per service to every operator role, and no one else', async () => {
    const { token } = await fundedAgent(t, 100_000n);
    const delivered = await buyAirtime(token, SANDBOX_VALUES.success);
    expect(delivered).toMatchObject({ status: 'delivered', upstream_id: 'vtpass', attempts: [] });
    const movedOn = await buyAirtime(token, SANDBOX_VALUES.failure);
    expect(movedOn).toMatchObject({ status: 'delivered', upstream_id: 'clubkonnect', attempts: ['vtpass'] });

    const support = await operatorWithRole(t, owner, 'support');
    const answer = await t.request('GET', HEALTH, { token: support.token });
    expect(answer.status).toBe(200);
    const byId = Object.fromEntries(
      answer.body.data.upstreams.map((u: { id: string; services: unknown[] }) => [u.id, u.services]),
    );
    expect(byId.vtpass).toEqual([
      expect.objectContaining({
        serviceId: 'mtn',
        attempts: 2,
        delivered: 1,
        failed: 1,
        unknown: 0,
        successPercent: '50.0',
        breakerOpenUntil: null,
      }),
    ]);
    expect(byId.clubkonnect).toEqual([
      expect.objectContaining({ serviceId: 'mtn', attempts: 1, delivered: 1, failed: 0, successPercent: '100.0' }),
    ]);
    // Every pay was timed: VTpass's two (the delivered and the failed one), Clubkonnect's one.
    const vtpass = byId.vtpass[0];
    expect(vtpass.medianMs).toEqual(expect.any(Number));
    expect(vtpass.p95Ms).toBeGreaterThanOrEqual(vtpass.medianMs);

    const agent = await registerAgent(t);
    expect((await t.request('GET', HEALTH, { token: agent.token })).status).toBe(403);
    expect((await t.request('GET', HEALTH)).status).toBe(401);
  });

  it('opens VTpass’s breaker for MTN after its attempts collapse: orders skip it, then try it again after the cool-down', async () => {
    const { token } = await fundedAgent(t, 500_000n);
    // With the earlier test's two (one delivered, one failed), VTpass has 10 MTN attempts once
    // 8 more fail, each order moving on to Clubkonnect, which delivers.
    for (let i = 0; i < 8; i++) {
      const order = await buyAirtime(token, SANDBOX_VALUES.failure);
      expect(order).toMatchObject({ status: 'delivered', upstream_id: 'clubkonnect', attempts: ['vtpass'] });
    }
    // Ten attempts, one delivered (10 % < 50 %): the next order does not go to VTpass at all.
    const skipped = await buyAirtime(token, SANDBOX_VALUES.success);
    expect(skipped).toMatchObject({ status: 'delivered', upstream_id: 'clubkonnect', attempts: [] });
    const openedAt = t.clock.now();

    const health = (await t.request('GET', HEALTH, { token: owner })).body.data;
    const vtpass = health.upstreams.find((u: { id: string }) => u.id === 'vtpass');
    expect(vtpass.services[0]).toMatchObject({
      serviceId: 'mtn',
      breakerOpenUntil: new Date(openedAt.getTime() + 600_000).toISOString(),
    });
    expect(health.alerts).toEqual([
      expect.objectContaining({ kind: 'breaker-open', upstreamId: 'vtpass', serviceId: 'mtn' }),
    ]);
    expect(health.alerts[0].message).toContain('delivered 1 of its last 10 mtn orders');

    // Still open: another order skips VTpass, and the operators are not told twice.
    t.clock.advance(9 * 60_000);
    expect(await buyAirtime(token, SANDBOX_VALUES.success)).toMatchObject({ upstream_id: 'clubkonnect', attempts: [] });
    // Open means last, not gone: an order Clubkonnect definitively fails still gets to VTpass.
    expect(await buyAirtime(token, testValue('phone', '514'))).toMatchObject({
      status: 'delivered',
      upstream_id: 'vtpass',
      attempts: ['clubkonnect'],
    });
    const subject = 'vtpass skipped for mtn for 10 minutes';
    const [ownerEmail] = await t.db.query<{ email: string }>(
      `SELECT email FROM users WHERE role = 'operator' AND operator_role = 'owner' ORDER BY created_at LIMIT 1`,
    );
    expect(await alertsTo(subject)).toContain(ownerEmail!.email);
    const emailed = await alertsTo(subject);
    expect(new Set(emailed).size).toBe(emailed.length);
    // A support operator (from the first test) is not written to.
    const support = await t.db.query<{ email: string }>(`SELECT email FROM users WHERE operator_role = 'support'`);
    expect(emailed).not.toContain(support[0]!.email);

    // After the cool-down, VTpass is tried again, and delivers.
    t.clock.advance(60_000 + 1000);
    const retried = await buyAirtime(token, SANDBOX_VALUES.success);
    expect(retried).toMatchObject({ status: 'delivered', upstream_id: 'vtpass', attempts: [] });
    const after = (await t.request('GET', HEALTH, { token: owner })).body.data;
    expect(after.upstreams.find((u: { id: string }) => u.id === 'vtpass').services[0].breakerOpenUntil).toBeNull();
    expect(after.alerts).toHaveLength(1);
  });

  it('never makes a service unsellable: with both breakers open, orders still go to the route’s first', async () => {
    const { token } = await fundedAgent(t, 100_000n);
    const now = t.clock.now();
    await t.db.query(
      `INSERT INTO upstream_breaker_openings (upstream_id, service_id, window_start, opened_at, closes_at, attempts, delivered)
       VALUES ('vtpass', 'mtn', $1, $2, $3, 10, 0), ('clubkonnect', 'mtn', $1, $2, $3, 10, 0)`,
      [new Date(now.getTime() - 1), now, new Date(now.getTime() + HOUR)],
    );
    // As from another instance: this one's purchases see the openings once notified.
    await t.db.notifications.delivered();
    expect(await buyAirtime(token, SANDBOX_VALUES.success)).toMatchObject({
      status: 'delivered',
      upstream_id: 'vtpass',
      attempts: [],
    });
  });
});

describe('each upstream’s balance', () => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    // Both sandboxes start with ₦300.
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000', SANDBOX_BALANCE: '300' } });
    // Noon in Lagos tomorrow: half the day elapsed, half left.
    const tomorrow = new Date(t.clock.now().getTime() + 24 * HOUR).toISOString().slice(0, 10);
    const noon = new Date(lagosDayStart(tomorrow).getTime() + 12 * HOUR);
    t.clock.advance(noon.getTime() - t.clock.now().getTime());
    owner = await operatorToken(t);
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token: owner })).status).toBe(200);
  }, 60_000);
  afterAll(() => t.close());

  it('reads every upstream’s balance, and alerts once a day when one will not last the day at its own sales', async () => {
    const routed = await t.request('PUT', '/api/v1/admin/routes/mtn', {
      token: owner,
      body: { upstreams: ['clubkonnect'] },
    });
    expect(routed.status).toBe(200);
    const agent = await registerAgent(t);
    await creditWallet(t.db, agent.user.id, 100_000n, { now: new Date(t.clock.now().getTime() - 1000) });
    for (let i = 0; i < 2; i++) {
      const response = await t.request('POST', BUY, {
        token: agent.token,
        body: {
          service: 'airtime',
          requestId: randomUUID(),
          network: 'mtn',
          phone: SANDBOX_VALUES.success,
          amount: '100',
        },
      });
      expect(response.body.data.status).toBe('delivered');
    }

    await t.app.upstreamFloat.refresh();
    const health = (await t.request('GET', HEALTH, { token: owner })).body.data;
    const balances = Object.fromEntries(
      health.upstreams.map((u: { id: string; balance: unknown }) => [u.id, u.balance]),
    );
    // VTpass sold nothing today: its ₦300 has no rate to run out at.
    expect(balances.vtpass).toMatchObject({ balance: '300.00', warning: false, neededToday: null });
    // Clubkonnect sold ₦200 by noon: the afternoon needs as much again, more than it holds.
    expect(balances.clubkonnect.warning).toBe(true);
    expect(Number(balances.clubkonnect.balance)).toBeLessThan(Number(balances.clubkonnect.neededToday));
    expect(health.alerts).toEqual([
      expect.objectContaining({ kind: 'low-balance', upstreamId: 'clubkonnect', serviceId: null }),
    ]);
    const subject = 'clubkonnect: the balance will not last the day';
    const emails = await t.db.query(`SELECT 1 FROM email_outbox WHERE subject = $1`, [subject]);
    expect(emails.length).toBeGreaterThan(0);

    // Read again the same day: no second alert.
    await t.app.upstreamFloat.refresh();
    expect(await t.db.query(`SELECT 1 FROM email_outbox WHERE subject = $1`, [subject])).toHaveLength(emails.length);
    expect((await t.request('GET', HEALTH, { token: owner })).body.data.alerts).toHaveLength(1);
  });
});

describe('the health reads', () => {
  it('each follow an index over one upstream’s last hour, never a scan', async () => {
    const t = await startTestApp();
    try {
      const rolledBack = new Error('rolled back');
      const plans: string[] = [];
      await expect(
        t.db.transaction(async (tx) => {
          // A full scan of tables this small costs less than any index: forbidden, to show the indexes serve.
          await tx.query('SET LOCAL enable_seqscan = off');
          const explaining: Queryable = {
            query: async <T extends object>(sql: unknown, params?: readonly unknown[]) => {
              const [explained] = await tx.query<{ 'QUERY PLAN': unknown }>(
                `EXPLAIN (FORMAT JSON) ${String(sql)}`,
                params,
              );
              plans.push(JSON.stringify(explained!['QUERY PLAN']));
              return [{}] as T[];
            },
            exec: (sql) => tx.exec(sql),
          };
          const since = new Date(Date.now() - HOUR);
          await outcomeCounts(explaining, ['vtpass', 'clubkonnect'], since);
          await payLatencies(explaining, ['vtpass', 'clubkonnect'], since);
          await lastOutcomes(explaining, { upstreamId: 'vtpass', serviceId: 'mtn', since, limit: 10 });
          await latestOpening(explaining, 'vtpass', 'mtn');
          await spentSince(explaining, 'vtpass', since);
          throw rolledBack;
        }),
      ).rejects.toBe(rolledBack);
      const indexes = [
        ['orders_upstream_created_idx', 'order_attempts_upstream_ended_idx'],
        ['orders_upstream_created_idx', 'order_attempts_upstream_ended_idx', 'upstream_exchanges_order_request_idx'],
        ['orders_upstream_created_idx', 'order_attempts_upstream_ended_idx'],
        ['upstream_breaker_openings_latest_idx'],
        ['orders_upstream_created_idx'],
      ];
      expect(plans).toHaveLength(indexes.length);
      plans.forEach((plan, i) => {
        for (const index of indexes[i]!) expect(plan).toContain(`"Index Name":"${index}"`);
        expect(plan).not.toContain('"Seq Scan"');
      });
    } finally {
      await t.close();
    }
  });
});

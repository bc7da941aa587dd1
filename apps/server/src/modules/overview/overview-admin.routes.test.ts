import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken, operatorWithRole } from '../../test/test-operator.js';
import { lagosDate, lagosDayStart } from '../dashboard/lagos-time.js';
import { SANDBOX_VALUES } from '../upstream/sandbox/sandbox-outcomes.js';
import type { Queryable } from '../../db/database.js';
import { fundingWaiting, overviewPeriods, settledSince, unresolvedOrders } from './overview.repo.js';
import { failurePercent } from './overview.service.js';

const OVERVIEW = '/api/v1/admin/overview';
const BUY = '/api/v1/agent/purchases';
const HOUR = 3_600_000;

const EMPTY_PERIOD = {
  sales: '0.00',
  faceValue: '0.00',
  cost: '0.00',
  margin: '0.00',
  delivered: 0,
  pending: 0,
  failed: 0,
};

describe('GET /api/v1/admin/overview', () => {
  let t: TestApp;
  /** Noon in Lagos on the 1st and the 2nd of next month: the test's two days, one month. */
  let firstNoon: Date;
  let secondNoon: Date;

  beforeAll(async () => {
    // The sandbox holds ₦5,000 at the upstream: the day's sales below leave ₦2,700 of it.
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000', SANDBOX_BALANCE: '5000' } });
    const [year, month] = lagosDate(t.clock.now()).split('-').map(Number) as [number, number];
    const next = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 7);
    firstNoon = new Date(lagosDayStart(`${next}-01`).getTime() + 12 * HOUR);
    secondNoon = new Date(firstNoon.getTime() + 24 * HOUR);
    t.clock.advance(firstNoon.getTime() - t.clock.now().getTime());
  });
  afterAll(async () => {
    await expectLedgerHealthy(t.db);
    await t.close();
  });

  /** Signs the agent in again (a day's jump of the clock ends every session). */
  async function agentLogin(username: string, password: string): Promise<string> {
    const login = await t.request('POST', '/api/v1/agent/auth/login', { body: { identifier: username, password } });
    expect(login.status).toBe(200);
    return login.body.data.authorization.token as string;
  }

  async function buy(token: string, network: string, phone: string, amount: string) {
    const response = await t.request('POST', BUY, {
      token,
      body: { service: 'airtime', requestId: randomUUID(), network, phone, amount },
    });
    expect(response.status).toBeLessThan(300);
    return response.body.data as { status: string; price: string };
  }

  it('answers the day’s and the month’s sales, pending orders, last hour’s failure rates, transfers waiting and the float', async () => {
    let operator = await operatorToken(t);
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token: operator })).status).toBe(200);

    // Nothing yet; the float not read (the poll is off in tests).
    const empty = await t.request('GET', OVERVIEW, { token: operator });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({
      asOf: firstNoon.toISOString(),
      todayDate: lagosDate(firstNoon),
      today: EMPTY_PERIOD,
      month: EMPTY_PERIOD,
      pending: { count: 0, oldestAt: null, oldestAgeSeconds: null },
      failureRates: [],
      funding: { waiting: 0, oldestAt: null },
      float: {
        balance: null,
        readAt: null,
        lastError: null,
        neededToday: null,
        warning: false,
        note: 'The upstream balance has not been read yet.',
      },
    });

    const agent = await registerAgent(t);
    await creditWallet(t.db, agent.user.id, 1_000_000n, { now: new Date(t.clock.now().getTime() - 1000) });
    // The 1st: ₦1,000 of MTN airtime for ₦980 (2 % off), delivered: this month's, not the 2nd's.
    expect(await buy(agent.token, 'mtn', SANDBOX_VALUES.success, '1000')).toMatchObject({
      status: 'delivered',
      price: '980.00',
    });

    t.clock.advance(24 * HOUR);
    operator = await operatorToken(t);
    const token = await agentLogin(agent.body.username, agent.body.password);
    // The 2nd at noon: two MTN sales delivered (₦500 for ₦490, ₦1,000 for ₦980), one failed
    // (refunded), one Airtel sale delivered (₦300 for ₦294), one MTN sale left pending (₦200).
    const outcomes = [
      await buy(token, 'mtn', SANDBOX_VALUES.success, '500'),
      await buy(token, 'mtn', SANDBOX_VALUES.success, '1000'),
      await buy(token, 'mtn', SANDBOX_VALUES.failure, '700'),
      await buy(token, 'airtel', SANDBOX_VALUES.success, '300'),
    ];
    expect(outcomes.map((order) => `${order.status} ${order.price}`)).toEqual([
      'delivered 490.00',
      'delivered 980.00',
      'failed 686.00',
      'delivered 294.00',
    ]);
    const pendingAt = t.clock.now();
    expect((await buy(token, 'mtn', SANDBOX_VALUES.pendingPhone, '200')).status).toBe('pending');

    // Two transfers reported, the first 10 minutes before the second.
    const account = await t.request('POST', '/api/v1/admin/funding-accounts', {
      token: operator,
      body: { bankName: 'GTBank', bankCode: '058', accountNumber: '0123456789', accountName: 'Provider Ltd' },
    });
    expect(account.status).toBe(201);
    const report = async (reference: string) => {
      const reported = await t.request('POST', '/api/v1/agent/funding-requests', {
        token,
        body: {
          accountId: account.body.data.id,
          amount: '5000',
          senderName: 'Chidi Okafor',
          reference,
          transferDate: lagosDate(t.clock.now()),
        },
      });
      expect(reported.status).toBe(201);
    };
    const firstReportAt = t.clock.now();
    await report('TRF-OVERVIEW-1');
    t.clock.advance(10 * 60_000);
    await report('TRF-OVERVIEW-2');

    // The poll's reading: ₦5,000 less what the upstream took (the delivered and the pending).
    t.clock.advance(50_000);
    await t.app.upstreamFloat.refresh();
    const readAt = t.clock.now();
    t.clock.advance(10_000);
    const now = t.clock.now();

    const answer = await t.request('GET', OVERVIEW, { token: operator });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      asOf: now.toISOString(),
      todayDate: lagosDate(secondNoon),
      today: {
        sales: '1764.00',
        faceValue: '1800.00',
        // The sandbox charges face value less its 3 % airtime commission: 1,800 × 0.97.
        cost: '1746.00',
        margin: '18.00',
        delivered: 3,
        pending: 1,
        failed: 1,
      },
      month: {
        sales: '2744.00',
        faceValue: '2800.00',
        cost: '2716.00',
        margin: '28.00',
        delivered: 4,
        pending: 1,
        failed: 1,
      },
      pending: {
        count: 1,
        oldestAt: pendingAt.toISOString(),
        oldestAgeSeconds: (now.getTime() - pendingAt.getTime()) / 1000,
      },
      // The last hour: the 2nd's orders, not the 1st's.
      failureRates: [
        { service: 'airtime', serviceId: 'airtel', settled: 1, failed: 0, failurePercent: '0.0' },
        { service: 'airtime', serviceId: 'mtn', settled: 3, failed: 1, failurePercent: '33.3' },
      ],
      funding: { waiting: 2, oldestAt: firstReportAt.toISOString() },
      float: {
        // 5,000 − 1,000 (the 1st) − 500 − 1,000 − 300 − 200 (pending): the failed one was not taken.
        balance: '2000.00',
        readAt: readAt.toISOString(),
        lastError: null,
        // 12 h 11 min elapsed since midnight, 11 h 49 min left: ₦1,800 × 709 / 731, rounded up.
        // Today's cost so far, ₦1,746, over the day's 731 minutes elapsed, for the 709 left.
        neededToday: '1693.46',
        warning: false,
        note: 'Enough for the rest of today at today’s rate (₦143.31 an hour at cost): about ₦1,693.46 more is needed.',
      },
    });
  });

  it('lets every role read it, and no agent', async () => {
    const owner = await operatorToken(t);
    const support = await operatorWithRole(t, owner, 'support');
    expect((await t.request('GET', OVERVIEW, { token: support.token })).status).toBe(200);
    const agent = await registerAgent(t);
    expect((await t.request('GET', OVERVIEW, { token: agent.token })).status).toBe(403);
  });

  it('warns when the float will not last the day, and keeps the last reading when a read fails', async () => {
    const owner = await operatorToken(t);
    const agent = await registerAgent(t);
    await creditWallet(t.db, agent.user.id, 200_000n, { now: new Date(t.clock.now().getTime() - 1000) });
    // One more ₦1,000 sale: today's cost is ₦2,716 (₦2,800 less 3 %), the upstream holds ₦1,000.
    expect((await buy(agent.token, 'mtn', SANDBOX_VALUES.success, '1000')).status).toBe('delivered');
    await t.app.upstreamFloat.refresh();
    const low = (await t.request('GET', OVERVIEW, { token: owner })).body.data.float;
    // Still 12:11 in Lagos: ₦2,716 × 709 / 731, rounded up; ₦222.92 an hour.
    expect(low).toMatchObject({ balance: '1000.00', neededToday: '2634.26', warning: true, lastError: null });
    expect(low.note).toBe(
      'At today’s rate (₦222.92 an hour at cost), the rest of today needs about ₦2,634.26, more than the ₦1,000.00 at the upstream. Top up the upstream wallet before it runs out.',
    );

    const unreachable = vi
      .spyOn(t.app.upstream, 'balance')
      .mockRejectedValue(new Error('upstream balance unavailable'));
    try {
      await t.app.upstreamFloat.refresh();
      const failed = (await t.request('GET', OVERVIEW, { token: owner })).body.data.float;
      expect(failed).toMatchObject({ balance: '1000.00', warning: true, lastError: 'upstream balance unavailable' });
    } finally {
      unreachable.mockRestore();
    }
  });

  it('answers the cost and margin as unknown while a delivered order does not say what the upstream charged', async () => {
    const owner = await operatorToken(t);
    const before = (await t.request('GET', OVERVIEW, { token: owner })).body.data;
    expect(before.today.cost).not.toBeNull();
    // An upstream answer without its amount (an adapter that does not say it): the order keeps none.
    await t.db.query(
      `UPDATE orders SET upstream_cost = NULL
       WHERE id = (SELECT id FROM orders WHERE status = 'delivered' ORDER BY created_at DESC LIMIT 1)`,
    );
    const after = (await t.request('GET', OVERVIEW, { token: owner })).body.data;
    expect(after.today).toMatchObject({ sales: before.today.sales, cost: null, margin: null });
    expect(after.month).toMatchObject({ cost: null, margin: null });
    // The forecast stands the face value in for the unknown cost, and says so.
    expect(after.float.note).toContain('at face value');
  });
});

describe('the upstream float’s poll', () => {
  it('reads the balance once the server listens, and again every FLOAT_POLL_INTERVAL_MS', async () => {
    const t = await startTestApp({ env: { FLOAT_POLL_INTERVAL_MS: '200', SANDBOX_BALANCE: '70000' } });
    try {
      const balance = vi.spyOn(t.app.upstream, 'balance');
      await expect.poll(() => t.app.upstreamFloat.last().balance, { timeout: 5_000 }).toBe(7_000_000n);
      // Read on its own, with no one asking: two more readings within a second.
      const calls = balance.mock.calls.length;
      await expect.poll(() => balance.mock.calls.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(calls + 2);
      const answer = await t.request('GET', OVERVIEW, { token: await operatorToken(t) });
      expect(answer.body.data.float).toMatchObject({ balance: '70000.00', lastError: null, warning: false });
    } finally {
      await t.close();
    }
  });
});

describe('the overview’s reads', () => {
  it('each follow an index, never a scan of the orders or the reports', async () => {
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
          const now = new Date();
          await overviewPeriods(explaining, {
            monthStart: new Date(now.getTime() - 30 * 24 * HOUR),
            todayStart: now,
            end: now,
          });
          await unresolvedOrders(explaining);
          await settledSince(explaining, new Date(now.getTime() - HOUR));
          await fundingWaiting(explaining);
          throw rolledBack;
        }),
      ).rejects.toBe(rolledBack);
      const indexes = [
        'orders_created_idx',
        'orders_unresolved_idx',
        'orders_settled_idx',
        'funding_requests_status_created_idx',
      ];
      expect(plans).toHaveLength(indexes.length);
      plans.forEach((plan, i) => {
        expect(plan).toContain(`"Index Name":"${indexes[i]}"`);
        expect(plan).not.toContain('"Seq Scan"');
      });
    } finally {
      await t.close();
    }
  });
});

describe('failure percent', () => {
  it('is failed / settled with one decimal, rounded half up', () => {
    expect(failurePercent(1, 3)).toBe('33.3');
    expect(failurePercent(2, 3)).toBe('66.7');
    expect(failurePercent(1, 8)).toBe('12.5');
    expect(failurePercent(1, 16)).toBe('6.3');
    expect(failurePercent(4, 4)).toBe('100.0');
    expect(failurePercent(0, 0)).toBe('0.0');
  });
});

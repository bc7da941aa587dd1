import { randomUUID } from 'node:crypto';
import { formatNaira } from '@agentdesk/contract/money';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken } from '../../test/test-operator.js';
import { SANDBOX_VALUES } from '../upstream/sandbox/sandbox-outcomes.js';
import { lagosDate } from './lagos-time.js';

const SUMMARY = '/api/v1/agent/dashboard/summary';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZERO_BY_SERVICE = { airtime: '0.00', data: '0.00', electricity: '0.00', cable: '0.00', 'result-checker': '0.00' };

describe('dashboard summary', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    const operator = await operatorToken(t);
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token: operator })).status).toBe(200);
  });
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  it('answers zeros, 30 empty days and no transactions for a new agent', async () => {
    const { token } = await registerAgent(t);
    const response = await t.request('GET', SUMMARY, { token });
    expect(response.status).toBe(200);
    const empty = { sales: '0.00', cost: '0.00', margin: '0.00', delivered: 0, pending: 0, failed: 0 };
    expect(response.body.data).toMatchObject({
      balance: '0.00',
      today: empty,
      month: empty,
      recentTransactions: [],
      unreadNotifications: 0,
      todayDate: lagosDate(t.clock.now()),
    });
    expect(response.body.data.daily).toHaveLength(30);
    expect(response.body.data.daily.at(-1)).toEqual({
      date: lagosDate(t.clock.now()),
      total: '0.00',
      byService: ZERO_BY_SERVICE,
    });
    expect((await t.request('GET', SUMMARY)).status).toBe(401);
  });

  it('sums today, this month and 30 days in Lagos time, to the kobo, for this agent only', async () => {
    // "Now" is noon in Lagos on the 15th of a month at least 41 days ahead, so the purchases
    // below can be made in order on the app's clock, which only moves forward.
    const real = t.clock.now();
    const ahead = new Date(real.getTime() + 45 * DAY);
    let now = new Date(Date.UTC(ahead.getUTCFullYear(), ahead.getUTCMonth(), 15, 11, 0, 0));
    if (now.getTime() < real.getTime() + 41 * DAY)
      now = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15, 11));

    const agent = await registerAgent(t);
    const other = await registerAgent(t);
    await creditWallet(t.db, agent.user.id, 2_000_000n, { now: real });
    await creditWallet(t.db, other.user.id, 2_000_000n, { now: real });

    const loginAt = async (instant: Date, who: typeof agent) => {
      t.clock.advance(instant.getTime() - t.clock.now().getTime());
      const login = await t.request('POST', '/api/v1/agent/auth/login', {
        body: { identifier: who.body.username, password: who.body.password },
      });
      return login.body.data.authorization.token as string;
    };
    const buy = async (token: string, body: Record<string, unknown>) => {
      const response = await t.request('POST', '/api/v1/agent/purchases', {
        token,
        body: { requestId: randomUUID(), ...body },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data as { status: string; faceValue: string; price: string };
    };
    const airtime = (amount: string, phone = '08031234567') => ({ service: 'airtime', network: 'mtn', phone, amount });

    // 40 days ago: outside the month and the chart. Airtime sells at 2 % off.
    expect(await buy(await loginAt(new Date(now.getTime() - 40 * DAY), agent), airtime('1000'))).toMatchObject({
      status: 'delivered',
    });
    // 20 days ago (last month): in the chart only. The first MTN plan: ₦100 for ₦97.
    let token = await loginAt(new Date(now.getTime() - 20 * DAY), agent);
    const plans = (await t.request('GET', '/api/v1/agent/services?category=data', { token })).body.data;
    const plan = plans.find((s: { id: string }) => s.id === 'mtn-data').variations[0];
    expect(plan).toMatchObject({ faceValue: '100.00', price: '97.00' });
    await buy(token, { service: 'data', network: 'mtn', planCode: plan.code, phone: '08031234567' });
    // 3 days ago: electricity at 0.5 % off, ₦2,000 for ₦1,990.
    token = await loginAt(new Date(now.getTime() - 3 * DAY), agent);
    expect(
      await buy(token, {
        service: 'electricity',
        disco: 'ikeja-electric',
        meterType: 'prepaid',
        meterNumber: SANDBOX_VALUES.prepaidMeter,
        amount: '2000',
        phone: '08031234567',
      }),
    ).toMatchObject({ status: 'delivered', price: '1990.00' });
    // 23:30 in Lagos yesterday, and 00:30 in Lagos today (still yesterday in UTC).
    await buy(await loginAt(new Date(now.getTime() - 12.5 * HOUR), agent), airtime('300.50'));
    await buy(await loginAt(new Date(now.getTime() - 11.5 * HOUR), agent), airtime('500'));
    // Today: one failed (refunded), one left pending.
    expect(
      await buy(await loginAt(new Date(now.getTime() - HOUR), agent), airtime('200', SANDBOX_VALUES.failure)),
    ).toMatchObject({
      status: 'failed',
    });
    expect(
      await buy(await loginAt(new Date(now.getTime() - HOUR / 2), agent), airtime('100', SANDBOX_VALUES.pendingPhone)),
    ).toMatchObject({ status: 'pending' });
    // Another agent's sale today changes nothing here.
    await buy(await loginAt(new Date(now.getTime() - HOUR / 4), other), airtime('5000'));
    token = await loginAt(now, agent);

    const response = await t.request('GET', SUMMARY, { token });
    expect(response.status).toBe(200);
    const data = response.body.data;
    const todayDate = lagosDate(now);
    const yesterday = lagosDate(new Date(now.getTime() - DAY));
    expect(data.todayDate).toBe(todayDate);
    // ₦500 for ₦490.
    expect(data.today).toEqual({
      sales: '500.00',
      cost: '490.00',
      margin: '10.00',
      delivered: 1,
      pending: 1,
      failed: 1,
    });
    // 2,000 + 300.50 + 500 at face value; 1,990 + 294.49 + 490 paid (2 % of ₦300.50 is ₦6.01).
    expect(data.month).toEqual({
      sales: '2800.50',
      cost: '2774.49',
      margin: '26.01',
      delivered: 3,
      pending: 1,
      failed: 1,
    });
    // ₦20,000 less 1,000×0.98, 97, 1,990, 294.49, 490, 100×0.98 pending; the failed ₦196 refunded.
    expect(data.balance).toBe(formatNaira(2_000_000n - 98_000n - 9_700n - 199_000n - 29_449n - 49_000n - 9_800n));
    expect(data.unreadNotifications).toBe(1);

    expect(data.daily).toHaveLength(30);
    expect(data.daily[0].date).toBe(lagosDate(new Date(now.getTime() - 29 * DAY)));
    expect(data.daily.at(-1)).toEqual({
      date: todayDate,
      total: '500.00',
      byService: { ...ZERO_BY_SERVICE, airtime: '500.00' },
    });
    const day = (date: string) => data.daily.find((d: { date: string }) => d.date === date);
    expect(day(yesterday)).toEqual({
      date: yesterday,
      total: '300.50',
      byService: { ...ZERO_BY_SERVICE, airtime: '300.50' },
    });
    expect(day(lagosDate(new Date(now.getTime() - 3 * DAY))).byService.electricity).toBe('2000.00');
    expect(day(lagosDate(new Date(now.getTime() - 20 * DAY))).byService.data).toBe('100.00');
    const chartTotal = data.daily.reduce(
      (sum: number, d: { total: string }) => sum + Math.round(Number(d.total) * 100),
      0,
    );
    expect(chartTotal).toBe(290_050);

    // The five newest movements, as the history lists them.
    const history = (await t.request('GET', '/api/v1/agent/transactions?limit=5', { token })).body.data;
    expect(data.recentTransactions).toEqual(history);
    expect(data.recentTransactions[0]).toMatchObject({
      transactionType: 'purchase',
      status: 'pending',
      amount: '98.00',
    });
  });
});

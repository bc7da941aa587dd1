import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '@agentdesk/contract/catalog/services';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { expectLedgerHealthy } from '../test/test-money.js';
import { operatorToken } from '../test/test-operator.js';
import { DEMO_AGENT } from './demo-accounts.js';
import { DEMO_SUPPORT_WHATSAPP, seedDemoLife } from './demo-life.js';

const log = pino({ level: 'silent' });

describe('demo life', () => {
  let t: TestApp;
  let token: string;
  let elapsed: number;
  let seeded: boolean;

  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    const operator = await operatorToken(t); // seeds the demo accounts
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token: operator })).status).toBe(200);
    const started = performance.now();
    seeded = await seedDemoLife({ db: t.db, log, now: t.clock.now() });
    elapsed = performance.now() - started;
    const login = await t.request('POST', '/api/v1/agent/auth/login', {
      body: { identifier: DEMO_AGENT.username, password: DEMO_AGENT.password },
    });
    token = login.body.data.authorization.token;
  }, 60_000);
  afterAll(() => t.close());

  it('gives the demo agent weeks of history through the ledger, quickly, and the ledger check passes', async () => {
    expect(seeded).toBe(true);
    // `npm start` runs it: a few seconds at most on PGlite (about 1 s on a quiet machine).
    expect(elapsed).toBeLessThan(5000);
    await expectLedgerHealthy(t.db);

    const summary = (await t.request('GET', '/api/v1/agent/dashboard/summary', { token })).body.data;
    expect(Number(summary.balance)).toBeGreaterThan(10_000);
    expect(summary.recentTransactions).toHaveLength(5);
    expect(summary.today.delivered).toBeGreaterThanOrEqual(1);
    const sold = new Set<string>();
    for (const day of summary.daily)
      for (const category of SERVICE_CATEGORIES) if (day.byService[category] !== '0.00') sold.add(category);
    expect([...sold].sort()).toEqual([...SERVICE_CATEGORIES].sort());
    expect(summary.daily.filter((day: { total: string }) => day.total !== '0.00').length).toBeGreaterThanOrEqual(15);
    expect(summary.unreadNotifications).toBeGreaterThan(0);

    const history: Array<{
      transactionType: string;
      status: string;
      createdAt: string;
      details: { balance: { before: string; after: string } };
    }> = [];
    let cursor: string | null = null;
    do {
      const page = await t.request('GET', `/api/v1/agent/transactions?limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
        token,
      });
      history.push(...page.body.data);
      cursor = page.body.meta?.nextCursor ?? null;
    } while (cursor);
    const types = history.map((row) => row.transactionType);
    expect(types.filter((type) => type === 'funding')).toHaveLength(3);
    expect(types.filter((type) => type === 'refund')).toHaveLength(1);
    expect(types.filter((type) => type === 'referral_bonus').length).toBeGreaterThanOrEqual(2);
    expect(history.filter((row) => row.status === 'failed')).toHaveLength(1);
    // Spread over weeks, and each row's balance before is the previous row's after.
    const oldest = new Date(history.at(-1)!.createdAt).getTime();
    expect(t.clock.now().getTime() - oldest).toBeGreaterThan(20 * 86_400_000);
    for (let i = 0; i < history.length - 1; i++) {
      expect(history[i]!.details.balance.before).toBe(history[i + 1]!.details.balance.after);
    }

    const referrals = (await t.request('GET', '/api/v1/agent/referrals', { token })).body.data;
    expect(referrals.totals.referred).toBe(1);
    expect(referrals.agents[0]).toMatchObject({ name: 'Tunde B.', funded: true });
    expect(Number(referrals.agents[0].earned)).toBeGreaterThan(1000);
    expect(referrals.totals.earned).toBe(referrals.agents[0].earned);

    // The support chat the dashboard's button opens.
    const support = (await t.request('GET', '/api/v1/agent/support', { token })).body.data;
    expect(support).toEqual([{ link: `whatsapp=${DEMO_SUPPORT_WHATSAPP}` }]);
  });

  it('changes nothing on the next start', async () => {
    const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM journal_entries'))[0]!.n;
    const before = await count();
    expect(await seedDemoLife({ db: t.db, log, now: t.clock.now() })).toBe(false);
    expect(await count()).toBe(before);
    await expectLedgerHealthy(t.db);
  });
});

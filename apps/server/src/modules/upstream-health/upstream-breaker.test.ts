import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../db/database.js';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken } from '../../test/test-operator.js';
import { SANDBOX_VALUES } from '../upstream/sandbox/sandbox-outcomes.js';

const BUY = '/api/v1/agent/purchases';
const HOUR = 3_600_000;

/**
 * The open breakers as purchases read them (decision 040, revised): from memory, forgotten when
 * PostgreSQL notifies an opening made by any connection, and closed by time; an upstream judged
 * only when one of its attempts ends badly, so a successful purchase on a route of two upstreams
 * costs the database what it costs on a route of one.
 */
describe('the circuit breaker kept in memory', () => {
  let t: TestApp;
  let owner: string;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp({
      env: { AUTH_IP_LIMIT_PER_MINUTE: '1000', BREAKER_MIN_ATTEMPTS: '3', BREAKER_COOLDOWN_MS: '600000' },
    });
    owner = await operatorToken(t);
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token: owner })).status).toBe(200);
    const agent = await registerAgent(t);
    await creditWallet(t.db, agent.user.id, 1_000_000n, { now: new Date(t.clock.now().getTime() - 1000) });
    token = agent.token;
  }, 60_000);
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  async function route(serviceId: string, upstreams: string[]) {
    const response = await t.request('PUT', `/api/v1/admin/routes/${serviceId}`, { token: owner, body: { upstreams } });
    expect(response.status).toBe(200);
  }

  async function buyAirtime(network: string, phone: string) {
    const requestId = randomUUID();
    const response = await t.request('POST', BUY, {
      token,
      body: { service: 'airtime', requestId, network, phone, amount: '100' },
    });
    expect(response.status).toBe(201);
    const [order] = await t.db.query<{ id: string; status: string; upstream_id: string }>(
      `SELECT id, status, upstream_id FROM orders WHERE request_id = $1`,
      [requestId],
    );
    return order!;
  }

  /**
   * The statements the server sends while `work` runs, on its pool and in its transactions,
   * but the exchange log's (written beside each call and gathered over time, the same for any route).
   */
  async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
    const db: Database = t.db;
    const query = db.query.bind(db);
    const transaction = db.transaction.bind(db);
    const seen: string[] = [];
    const note = (sql: unknown) => {
      const text = typeof sql === 'string' ? sql : (sql as { text: string }).text;
      if (!/upstream_exchanges/.test(text)) seen.push(text.replace(/\s+/g, ' ').trim());
    };
    const counting = (via: Queryable): Queryable => ({
      query: (sql, params) => {
        note(sql);
        return via.query(sql, params);
      },
      exec: (sql) => via.exec(sql),
    });
    db.query = (sql, params) => {
      note(sql);
      return query(sql, params);
    };
    db.transaction = (run) => transaction((tx) => run(counting(tx)));
    try {
      await work();
    } finally {
      db.query = query;
      db.transaction = transaction;
    }
    return seen;
  }

  it('makes a successful purchase on a route of two upstreams send no more statements than on a route of one', async () => {
    await route('mtn', ['vtpass']);
    await buyAirtime('mtn', SANDBOX_VALUES.success); // the route's cache filled
    const alone = await statementsOf(async () => {
      expect(await buyAirtime('mtn', SANDBOX_VALUES.success)).toMatchObject({ status: 'delivered' });
    });

    await route('mtn', ['vtpass', 'clubkonnect']);
    await buyAirtime('mtn', SANDBOX_VALUES.success); // the route's and the open breakers' caches filled
    const routed = await statementsOf(async () => {
      expect(await buyAirtime('mtn', SANDBOX_VALUES.success)).toMatchObject({
        status: 'delivered',
        upstream_id: 'vtpass',
      });
    });
    expect(routed.filter((sql) => /upstream_breaker_openings|order_attempts/.test(sql))).toEqual([]);
    expect(routed).toHaveLength(alone.length);
  });

  it('judges an upstream when its attempts fail, and opens its breaker once', async () => {
    await route('glo', ['vtpass', 'clubkonnect']);
    const judged = await statementsOf(async () => {
      expect(await buyAirtime('glo', SANDBOX_VALUES.failure)).toMatchObject({
        status: 'delivered',
        upstream_id: 'clubkonnect',
      });
    });
    // The failure judged VTpass: its latest opening and its last attempts, read once each.
    expect(judged.filter((sql) => /FROM upstream_breaker_openings WHERE upstream_id/.test(sql))).toHaveLength(1);
    // Three attempts, none delivered: the third failure opens VTpass's breaker for GLO.
    await buyAirtime('glo', SANDBOX_VALUES.failure);
    await buyAirtime('glo', SANDBOX_VALUES.failure);
    const openings = await t.db.query(`SELECT 1 FROM upstream_breaker_openings WHERE upstream_id = 'vtpass'`);
    expect(openings).toHaveLength(1);
    // The next orders go to Clubkonnect at once, on this instance: the first reads the open
    // breakers again (the opening made this instance forget them), the next reads nothing.
    const skipping = () =>
      statementsOf(async () => {
        expect(await buyAirtime('glo', SANDBOX_VALUES.success)).toMatchObject({ upstream_id: 'clubkonnect' });
      });
    const reread = (statements: string[]) => statements.filter((sql) => /upstream_breaker_openings/.test(sql));
    expect(reread(await skipping())).toEqual([expect.stringMatching(/WHERE closes_at > \$1/)]);
    expect(reread(await skipping())).toEqual([]);
    // Until the cool-down's end, by time alone: VTpass is tried again.
    t.clock.advance(600_000 + 1000);
    expect(await buyAirtime('glo', SANDBOX_VALUES.success)).toMatchObject({ upstream_id: 'vtpass' });
    expect(await t.db.query(`SELECT 1 FROM upstream_alerts WHERE upstream_id = 'vtpass'`)).toHaveLength(1);
  });

  it('sees a breaker opened by another connection once its notification arrives, and one closed early', async () => {
    await route('airtel', ['vtpass', 'clubkonnect']);
    expect(await buyAirtime('airtel', SANDBOX_VALUES.success)).toMatchObject({ upstream_id: 'vtpass' });

    // Another instance opens VTpass's breaker for Airtel: this one's copy is forgotten.
    const now = t.clock.now();
    await t.db.query(
      `INSERT INTO upstream_breaker_openings (upstream_id, service_id, window_start, opened_at, closes_at, attempts, delivered)
       VALUES ('vtpass', 'airtel', $1, $2, $3, 10, 0)`,
      [new Date(now.getTime() - HOUR), now, new Date(now.getTime() + HOUR)],
    );
    await t.db.notifications.delivered();
    expect(await buyAirtime('airtel', SANDBOX_VALUES.success)).toMatchObject({
      status: 'delivered',
      upstream_id: 'clubkonnect',
    });

    // An operator (or a test) closes it early: forgotten again.
    await t.db.query(`DELETE FROM upstream_breaker_openings WHERE upstream_id = 'vtpass' AND service_id = 'airtel'`);
    await t.db.notifications.delivered();
    expect(await buyAirtime('airtel', SANDBOX_VALUES.success)).toMatchObject({ upstream_id: 'vtpass' });
  });
});

import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken, operatorWithRole } from '../../test/test-operator.js';
import { SANDBOX_VALUES } from '../upstream/sandbox/sandbox-outcomes.js';
import { createRedactor } from '../upstream/upstream-exchange.js';
import { ordersPageStatement } from './orders-admin.repo.js';
import { createExchangeLog, listOrderExchanges } from './upstream-exchanges.repo.js';

const O = '/api/v1/admin/orders';
const BUY = '/api/v1/agent/purchases';

/** Credentials distinctive enough that finding any of them anywhere is proof of a leak. */
const SECRETS = {
  UPSTREAM_API_KEY: 'apikey-Zq8!leak-1',
  UPSTREAM_PUBLIC_KEY: 'PK_pubLeak-2',
  UPSTREAM_SECRET_KEY: 'SK_secretLeak-3',
  UPSTREAM_USERNAME: 'shop-leak@example.com',
  UPSTREAM_PASSWORD: 'pa55-Leak-4',
};

describe('operators: orders', () => {
  let t: TestApp;
  let owner: string;
  let support: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000', ...SECRETS } });
    owner = await operatorToken(t);
    support = (await operatorWithRole(t, owner, 'support')).token;
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token: owner })).status).toBe(200);
  }, 120_000);
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  async function agentWith(kobo: bigint) {
    const agent = await registerAgent(t);
    await creditWallet(t.db, agent.user.id, kobo, { now: new Date(t.clock.now().getTime() - 1000) });
    return agent;
  }
  async function buyAirtime(token: string, phone: string, amount = '100') {
    const requestId = randomUUID();
    const bought = await t.request('POST', BUY, {
      token,
      body: { service: 'airtime', requestId, network: 'mtn', phone, amount },
    });
    expect(bought.status, bought.body.message).toBeLessThan(300);
    const [order] = await t.db.query<{ id: string }>('SELECT id FROM orders WHERE request_id = $1', [requestId]);
    return { requestId, id: order!.id, status: bought.body.data.status as string };
  }
  const as = (token: string, method: string, path: string, body?: unknown) =>
    t.request(method, path, { token, ...(body === undefined ? {} : { body }) });

  it('records every exchange of an order per attempt, redacted, and shows them with its timeline', async () => {
    const agent = await agentWith(100_000n);
    const order = await buyAirtime(agent.token, SANDBOX_VALUES.pendingPhone);
    expect(order.status).toBe('pending');
    const requeried = await as(support, 'POST', `${O}/${order.id}/requery`);
    expect(requeried.body.data.status).toBe('delivered');

    const rows = await listOrderExchanges(t.db, order.id);
    expect(rows.map((row) => [row.call, row.verdict])).toEqual([
      ['pay', 'unknown'],
      ['requery', 'delivered'],
    ]);
    const [stored] = await t.db.query<{ all: string }>(
      `SELECT string_agg(row_to_json(e)::text, ' ') AS all FROM upstream_exchanges e`,
    );
    for (const secret of Object.values(SECRETS)) expect(stored!.all).not.toContain(secret);

    const detail = await as(support, 'GET', `${O}/${order.id}`);
    expect(detail.status).toBe(200);
    const { data } = detail.body;
    expect(data.order).toMatchObject({ id: order.id, status: 'delivered', phone: SANDBOX_VALUES.pendingPhone });
    expect(data.order.reference).toMatch(/^PUR-/);
    expect(data.agent).toMatchObject({ id: agent.user.id, username: agent.body.username, balance: '902.00' });
    expect(data.exchanges).toHaveLength(2);
    expect(data.exchanges[0]).toMatchObject({ call: 'pay', method: 'POST', path: 'pay', status: 200 });
    expect(data.exchanges[0].requestBody).toMatchObject({ phone: SANDBOX_VALUES.pendingPhone, amount: '100.00' });
    expect(data.exchanges[1].responseBody).toMatchObject({ code: '000' });
    expect(data.timeline.map((event: { kind: string }) => event.kind)).toEqual([
      'created',
      'paid',
      'requeried',
      'operator',
      'delivered',
    ]);
    const text = JSON.stringify(detail.body);
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect((await as(support, 'GET', `${O}/${randomUUID()}`)).status).toBe(404);
    expect((await as(support, 'GET', `${O}/not-an-id`)).status).toBe(422);
  });

  it('keeps the verification a purchase asked for with its order, before its pay', async () => {
    const agent = await agentWith(1_000_000n);
    const requestId = randomUUID();
    const bought = await t.request('POST', BUY, {
      token: agent.token,
      body: {
        service: 'result-checker',
        requestId,
        exam: 'jamb',
        variationCode: 'utme',
        profileId: SANDBOX_VALUES.jambProfile,
        quantity: 1,
        phone: '08031234567',
      },
    });
    expect(bought.status, bought.body.message).toBe(201);
    const [order] = await t.db.query<{ id: string }>('SELECT id FROM orders WHERE request_id = $1', [requestId]);
    const detail = await as(support, 'GET', `${O}/${order!.id}`);
    const exchanges = detail.body.data.exchanges as Array<{ call: string; requestId: string | null; path: string }>;
    expect(exchanges.map((exchange) => [exchange.call, exchange.path])).toEqual([
      ['verify', 'merchant-verify'],
      ['pay', 'pay'],
    ]);
    expect(exchanges[0]!.requestId).toBeNull();
    // A verification outside a purchase (the dashboard's lookup) names no order and is not kept.
    const verifications = async () => {
      await listOrderExchanges(t.db, order!.id);
      const [row] = await t.db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM upstream_exchanges WHERE call = 'verify'`,
      );
      return row!.count;
    };
    const kept = await verifications();
    const lookup = await t.request(
      'GET',
      `/api/v1/agent/validate/jamb-profile?profile_id=${SANDBOX_VALUES.jambProfile}&variation_code=utme`,
      { token: agent.token },
    );
    expect(lookup.status, lookup.body.message).toBe(200);
    expect(await verifications()).toBe(kept);
  });

  it('never lets a failure to record an exchange change what the answer does to the money', async () => {
    const agent = await agentWith(50_000n);
    await t.db.query('ALTER TABLE upstream_exchanges RENAME TO upstream_exchanges_away');
    try {
      const order = await buyAirtime(agent.token, SANDBOX_VALUES.success);
      expect(order.status).toBe('delivered');
      const failed = await buyAirtime(agent.token, SANDBOX_VALUES.failure);
      expect(failed.status).toBe('failed');
    } finally {
      await t.db.query('ALTER TABLE upstream_exchanges_away RENAME TO upstream_exchanges');
    }
    // Charged ₦98 once for the delivery, the failure refunded.
    const balance = await t.request('GET', '/api/v1/agent/wallet/balance', { token: agent.token });
    expect(balance.body.data.availableBalance).toBe('402.00');

    // The observer itself: a database that refuses is logged, never thrown.
    const errors: unknown[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void errors.push(line) });
    const observe = createExchangeLog({
      db: { query: () => Promise.reject(new Error('disk full')) } as never,
      log,
    });
    await expect(
      observe({
        call: 'pay',
        requestId: 'x',
        method: 'POST',
        path: 'pay',
        requestBody: null,
        status: null,
        responseBody: null,
        error: 'timeout',
        outcome: null,
        startedAt: new Date(),
        durationMs: 1,
      }),
    ).resolves.toBeUndefined();
    expect(errors.join('')).toContain('recording an exchange with the upstream failed');
  });

  it('redacts credentials however they travel: query, JSON fields, basic auth, error text', () => {
    const redact = createRedactor(['CK-USER-99', 'key with space&=', 'K3y-Secr3t']);
    expect(redact.path('APIQueryV1.asp?UserID=CK-USER-99&APIKey=key+with+space%26%3D&RequestID=abc')).toBe(
      'APIQueryV1.asp?UserID=[redacted]&APIKey=[redacted]&RequestID=abc',
    );
    expect(
      redact.value({ 'api-key': 'anything', nested: { password: 'p', note: 'the key is K3y-Secr3t' }, token: '1234' }),
    ).toEqual({
      'api-key': '[redacted]',
      nested: { password: '[redacted]', note: 'the key is [redacted]' },
      token: '1234',
    });
    expect(redact.text('connect to https://shop:hunter2@upstream.example/api failed')).toBe(
      'connect to https://[redacted]@upstream.example/api failed',
    );
    expect(redact.body('<html>K3y-Secr3t</html>')).toBe('<html>[redacted]</html>');
    // A purchased token is no credential: operators see it on the order already.
    expect(redact.body('{"purchased_code":"Token : 1234-5678"}')).toBe('{"purchased_code":"Token : 1234-5678"}');
  });

  it('finds orders by phone, request id, reference and agent; filters by service, state and date; pages by cursor', async () => {
    const agent = await agentWith(200_000n);
    const other = await agentWith(200_000n);
    const phone = `0803${String(Date.now()).slice(-7)}`;
    const mine = [];
    for (const amount of ['100', '200', '300']) {
      mine.push(await buyAirtime(agent.token, phone, amount));
      t.clock.advance(1000);
    }
    await buyAirtime(other.token, phone);

    const byPhone = await as(support, 'GET', `${O}?q=${encodeURIComponent(`+234${phone.slice(1)}`)}`);
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.data).toHaveLength(4);
    expect(byPhone.body.data[0]).toMatchObject({ recipient: phone, service: 'airtime', status: 'delivered' });

    const byAgent = await as(support, 'GET', `${O}?q=${phone}&agent=${agent.body.username}`);
    expect(byAgent.body.data.map((row: { id: string }) => row.id)).toEqual(mine.map((o) => o.id).reverse());
    const byAgentId = await as(support, 'GET', `${O}?agent=${other.user.id}`);
    expect(byAgentId.body.data).toHaveLength(1);

    const byRequest = await as(support, 'GET', `${O}?q=${mine[1]!.requestId}`);
    expect(byRequest.body.data.map((row: { id: string }) => row.id)).toEqual([mine[1]!.id]);
    const reference = byRequest.body.data[0].reference as string;
    const byReference = await as(support, 'GET', `${O}?q=${reference.toLowerCase()}`);
    expect(byReference.body.data.map((row: { id: string }) => row.id)).toEqual([mine[1]!.id]);

    // Pages of two, newest first, each order once.
    const first = await as(support, 'GET', `${O}?q=${phone}&limit=2`);
    expect(first.body.data).toHaveLength(2);
    const second = await as(support, 'GET', `${O}?q=${phone}&limit=2&cursor=${first.body.meta!.nextCursor}`);
    expect(second.body.data).toHaveLength(2);
    expect(second.body.meta!.nextCursor).toBeNull();
    expect(new Set([...first.body.data, ...second.body.data].map((row: { id: string }) => row.id)).size).toBe(4);

    expect((await as(support, 'GET', `${O}?q=${phone}&service=data`)).body.data).toHaveLength(0);
    expect((await as(support, 'GET', `${O}?q=${phone}&state=delivered`)).body.data).toHaveLength(4);
    expect((await as(support, 'GET', `${O}?q=${phone}&state=failed`)).body.data).toHaveLength(0);
    const today = new Date(t.clock.now().getTime() + 3_600_000).toISOString().slice(0, 10);
    expect((await as(support, 'GET', `${O}?q=${phone}&from=${today}&to=${today}`)).body.data).toHaveLength(4);
    expect((await as(support, 'GET', `${O}?q=${phone}&to=2020-01-01`)).body.data).toHaveLength(0);

    const bad = await as(support, 'GET', `${O}?state=lost`);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('state');
    expect((await as(support, 'GET', `${O}?cursor=${randomUUID()}`)).status).toBe(422);
    expect((await as(support, 'GET', `${O}?from=2026-02-01&to=2026-01-01`)).status).toBe(422);
  });

  it('requeries a page of orders at once and says what became of each', async () => {
    const agent = await agentWith(100_000n);
    const pending = await buyAirtime(agent.token, SANDBOX_VALUES.pendingPhone);
    const delivered = await buyAirtime(agent.token, SANDBOX_VALUES.success);
    const missing = randomUUID();
    const answer = await as(support, 'POST', `${O}/requery`, { ids: [pending.id, delivered.id, missing] });
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.data).toEqual([
      { id: pending.id, status: 'delivered', outcome: 'settled' },
      { id: delivered.id, status: 'delivered', outcome: 'already-settled' },
      { id: missing, status: null, outcome: 'not-found' },
    ]);
    const audited = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'order.requery' AND target_id = $1`, [
      pending.id,
    ]);
    expect(audited).toHaveLength(1);
    const tooMany = await as(support, 'POST', `${O}/requery`, {
      ids: Array.from({ length: 11 }, () => randomUUID()),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toContain('ids');
  });

  it('reads each page on an index among thousands of orders', async () => {
    const [some] = await t.db.query<{ id: string; user_id: string }>('SELECT id, user_id FROM orders LIMIT 1');
    const [anyone] = await t.db.query<{ id: string }>('SELECT id FROM users WHERE id <> $1 LIMIT 1', [some!.user_id]);
    const ordered = ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'];
    const plans: Array<[Parameters<typeof ordersPageStatement>[0], string, string[]]> = [
      [{ limit: 20 }, 'orders_created_idx', ordered],
      [{ limit: 20, cursor: some!.id }, 'orders_created_idx', ordered],
      // A state, a service: the list's own index in page order, filtered (no index of their own
      // for every purchase to write). Here most orders are pending; when few are, the planner
      // reads them from orders_unresolved_idx and sorts the handful.
      [{ limit: 20, state: 'pending' }, 'orders_created_idx', ordered],
      [{ limit: 20, state: 'delivered' }, 'orders_created_idx', ordered],
      [{ limit: 20, state: 'alert' }, 'orders_alert_created_idx', ordered],
      [{ limit: 20, service: 'data' }, 'orders_created_idx', ordered],
      [{ limit: 20, agent: some!.user_id }, 'orders_user_created_idx', ['enable_seqscan']],
      // A table this small costs less to scan than any index: scans forbidden, to show the index serves.
      [{ limit: 20, q: '08031234567' }, 'orders_recipient_idx', ['enable_seqscan']],
      [{ limit: 20, q: '08031234567' }, 'orders_phone_idx', ['enable_seqscan']],
      [{ limit: 20, q: 'some-request-id' }, 'orders_request_id_idx', ['enable_seqscan']],
    ];
    const rolledBack = new Error('rolled back');
    const found: string[] = [];
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO orders (user_id, request_id, request_hash, upstream_request_id, service, service_id, product_name,
             recipient, phone, face_value, price, status, refund_transaction_id, next_attempt_at, created_at, updated_at)
           SELECT CASE WHEN g % 50 = 0 THEN $1::uuid ELSE $2::uuid END, 'bulk-' || g, 'h', 'bulk-up-' || g,
             CASE WHEN g % 40 = 0 THEN 'data' ELSE 'airtime' END, 'mtn', 'Airtime', '0803' || lpad(g::text, 7, '0'),
             '0803' || lpad(g::text, 7, '0'), 10000, 9700, CASE WHEN g % 30 = 0 THEN 'delivered' ELSE 'pending' END,
             NULL, now(), now() - g * interval '1 minute', now()
           FROM generate_series(1, 5000) AS g`,
          [some!.user_id, anyone!.id],
        );
        await tx.query('ANALYZE orders');
        for (const [page, index, off] of plans) {
          for (const setting of ordered)
            await tx.query(`SET LOCAL ${setting} = ${off.includes(setting) ? 'off' : 'on'}`);
          const { text, params } = ordersPageStatement(page);
          const [explained] = await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${text}`, params);
          const plan = JSON.stringify(explained!['QUERY PLAN']);
          found.push(`${JSON.stringify(page)}: ${plan.includes(`"${index}"`) ? index : plan}`);
        }
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(found).toEqual(plans.map(([page, index]) => `${JSON.stringify(page)}: ${index}`));
  });
});

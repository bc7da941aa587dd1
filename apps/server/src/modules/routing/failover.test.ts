import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fundedAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken, operatorWithRole } from '../../test/test-operator.js';
import { auditRowsOf } from '../../test/test-audit.js';
import { listOrderExchanges } from '../purchases/upstream-exchanges.repo.js';
import { SANDBOX_VALUES } from '../upstream/sandbox/sandbox-outcomes.js';
import { testValue } from '../upstream/clubkonnect-sandbox/outcomes.js';

const BUY = '/api/v1/agent/purchases';

/** The sum of an upstream's float accounts (decision 037): the first upstream's are the unqualified ones. */
async function floatOf(t: TestApp, upstream: string): Promise<bigint> {
  const pattern = upstream === 'vtpass' ? 'provider:upstream_float' : `provider:upstream_float@${upstream}`;
  const [row] = await t.db.query<{ balance: bigint | null }>(
    `SELECT sum(balance)::bigint AS balance FROM ledger_accounts WHERE code = $1 OR code LIKE $1 || ':%'`,
    [pattern],
  );
  return row?.balance ?? 0n;
}

interface StoredOrder {
  id: string;
  status: string;
  upstream_id: string;
  upstream_request_id: string;
  upstream_variation_code: string | null;
  price: bigint;
}

async function orderOf(t: TestApp, requestId: string): Promise<StoredOrder> {
  const [order] = await t.db.query<StoredOrder>(
    `SELECT id, status, upstream_id, upstream_request_id, upstream_variation_code, price FROM orders WHERE request_id = $1`,
    [requestId],
  );
  return order!;
}

async function attemptsOf(t: TestApp, orderId: string) {
  return t.db.query<{ upstream_id: string; verdict: string; code: string }>(
    `SELECT upstream_id, verdict, code FROM order_attempts WHERE order_id = $1 ORDER BY attempt`,
    [orderId],
  );
}

/**
 * Routing and failover over real HTTP against both built-in sandboxes (issue 22, decision 037):
 * an order moves to the next upstream of its route only on the first's definitive "not
 * processed", and the ledger pays the upstream that delivered.
 */
describe('routes and failover between upstreams', () => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000', UPSTREAM_TIMEOUT_MS: '1500' } });
    owner = await operatorToken(t);
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token: owner })).status).toBe(200);
  }, 60_000);
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  async function route(serviceId: string, upstreams: string[]) {
    const response = await t.request('PUT', `/api/v1/admin/routes/${serviceId}`, { token: owner, body: { upstreams } });
    expect(response.status).toBe(200);
    return response.body.data;
  }

  async function buyAirtime(token: string, phone: string) {
    const requestId = randomUUID();
    const response = await t.request('POST', BUY, {
      token,
      body: { service: 'airtime', requestId, network: 'mtn', phone, amount: '100' },
    });
    expect(response.status).toBe(201);
    return { requestId, body: response.body.data };
  }

  it('lists both configured upstreams with their credentials masked, the first as the catalogue’s', async () => {
    const response = await t.request('GET', '/api/v1/admin/upstreams', { token: owner });
    expect(response.status).toBe(200);
    expect(
      response.body.data.map((u: { id: string; kind: string; catalogue: boolean }) => [u.id, u.kind, u.catalogue]),
    ).toEqual([
      ['vtpass', 'vtpass', true],
      ['clubkonnect', 'clubkonnect', false],
    ]);
    const text = JSON.stringify(response.body);
    expect(text).not.toContain('sandbox-clubkonnect-key');
    expect(text).not.toContain('SK_sandbox');
    expect(response.body.data[1].credentials.apiKey).toBe('••••-key');
    // The stored credentials are sealed, not readable in the database either.
    const [stored] = await t.db.query<{ credentials: Buffer }>(
      `SELECT credentials FROM upstreams WHERE id = 'clubkonnect'`,
    );
    expect(stored!.credentials.toString('latin1')).not.toContain('sandbox-clubkonnect-key');
  });

  it('without a route, an order goes to the first upstream alone and a definitive failure refunds it', async () => {
    const { token, user } = await fundedAgent(t, 100_000n);
    const { requestId, body } = await buyAirtime(token, SANDBOX_VALUES.failure);
    expect(body.status).toBe('failed');
    const order = await orderOf(t, requestId);
    expect(order.upstream_id).toBe('vtpass');
    expect(await attemptsOf(t, order.id)).toEqual([]);
    const [wallet] = await t.db.query<{ balance: bigint }>(`SELECT balance FROM ledger_accounts WHERE user_id = $1`, [
      user.id,
    ]);
    expect(wallet!.balance).toBe(100_000n);
  });

  it('moves an order the first upstream definitively failed to the next, which delivers it, charged once', async () => {
    await route('mtn', ['vtpass', 'clubkonnect']);
    const { token, user } = await fundedAgent(t, 100_000n);
    const vtpassBefore = await floatOf(t, 'vtpass');
    const clubkonnectBefore = await floatOf(t, 'clubkonnect');

    const { requestId, body } = await buyAirtime(token, SANDBOX_VALUES.failure);
    expect(body.status).toBe('delivered');
    const order = await orderOf(t, requestId);
    expect(order.upstream_id).toBe('clubkonnect');
    // Its own request id at Clubkonnect, in Clubkonnect's form; the VTpass attempt is kept.
    expect(order.upstream_request_id).toMatch(/^\d{10}[A-Za-z0-9]{10}$/);
    expect(await attemptsOf(t, order.id)).toEqual([{ upstream_id: 'vtpass', verdict: 'failed', code: '016' }]);

    // Charged once; the money is in the float of the upstream that delivered.
    const [wallet] = await t.db.query<{ balance: bigint }>(`SELECT balance FROM ledger_accounts WHERE user_id = $1`, [
      user.id,
    ]);
    expect(wallet!.balance).toBe(100_000n - order.price);
    expect(await floatOf(t, 'vtpass')).toBe(vtpassBefore);
    expect(await floatOf(t, 'clubkonnect')).toBe(clubkonnectBefore + order.price);

    // Both attempts are in the order's exchange log, each with its own upstream's request id.
    const page = await t.request('GET', `/api/v1/admin/orders/${order.id}`, { token: owner });
    expect(page.status).toBe(200);
    expect(page.body.data.order.upstreamId).toBe('clubkonnect');
    expect(page.body.data.earlierAttempts).toEqual([
      expect.objectContaining({ upstreamId: 'vtpass', verdict: 'failed', code: '016' }),
    ]);
    expect(page.body.data.earlierAttempts[0].requestId).not.toBe(page.body.data.order.upstreamRequestId);
    const calls = page.body.data.exchanges.map((e: { call: string; path: string }) => [e.call, e.path.split('?')[0]]);
    expect(calls).toEqual([
      ['pay', 'pay'],
      ['pay', 'APIAirtimeV1.asp'],
    ]);
  });

  it('keeps an order whose outcome is unknown with its upstream: requeried there, never sent to the next', async () => {
    await route('mtn', ['vtpass', 'clubkonnect']);
    const { token } = await fundedAgent(t, 100_000n);
    const { requestId, body } = await buyAirtime(token, SANDBOX_VALUES.timeoutPhone);
    expect(body.status).toBe('pending');
    const pending = await orderOf(t, requestId);
    expect(pending.upstream_id).toBe('vtpass');

    // The worker's requery finds it delivered at VTpass (the sandbox sold it despite the timeout).
    t.clock.advance(120_000);
    await t.app.purchases.runDue();
    const settled = await orderOf(t, requestId);
    expect(settled).toMatchObject({ status: 'delivered', upstream_id: 'vtpass' });
    expect(await attemptsOf(t, settled.id)).toEqual([]);
    const exchanges = await listOrderExchanges(t.db, settled.id);
    expect(exchanges.some((row) => row.path.includes('.asp'))).toBe(false);
  });

  it('refunds only when every upstream of the route definitively failed, from the last one’s float', async () => {
    await route('mtn', ['vtpass', 'clubkonnect']);
    const { token, user } = await fundedAgent(t, 100_000n);
    const clubkonnectBefore = await floatOf(t, 'clubkonnect');
    // Turned off at Clubkonnect: a second definitive failure (its key is refused, nothing taken).
    const off = await t.request('PATCH', '/api/v1/admin/upstreams/clubkonnect', {
      token: owner,
      body: { credentials: { kind: 'clubkonnect', userId: 'CK100000001', apiKey: 'a-wrong-key' } },
    });
    expect(off.status).toBe(200);
    try {
      const { requestId, body } = await buyAirtime(token, SANDBOX_VALUES.failure);
      expect(body.status).toBe('failed');
      const order = await orderOf(t, requestId);
      expect(order.upstream_id).toBe('clubkonnect');
      expect(await attemptsOf(t, order.id)).toEqual([{ upstream_id: 'vtpass', verdict: 'failed', code: '016' }]);
      const [wallet] = await t.db.query<{ balance: bigint }>(`SELECT balance FROM ledger_accounts WHERE user_id = $1`, [
        user.id,
      ]);
      expect(wallet!.balance).toBe(100_000n);
      expect(await floatOf(t, 'clubkonnect')).toBe(clubkonnectBefore);
      // A refused pay alerts an operator: the provider's account at Clubkonnect needs them.
      const [alerted] = await t.db.query<{ alert: string }>(`SELECT alert FROM orders WHERE id = $1`, [order.id]);
      expect(alerted!.alert).toBe('upstream-refused');
    } finally {
      const restored = await t.request('PATCH', '/api/v1/admin/upstreams/clubkonnect', {
        token: owner,
        body: { credentials: { kind: 'clubkonnect', userId: 'CK100000001', apiKey: 'sandbox-clubkonnect-key' } },
      });
      expect(restored.status).toBe(200);
    }
  });

  it('sends a switched-off upstream nothing new', async () => {
    await route('mtn', ['vtpass', 'clubkonnect']);
    expect(
      (await t.request('PATCH', '/api/v1/admin/upstreams/clubkonnect', { token: owner, body: { enabled: false } }))
        .status,
    ).toBe(200);
    try {
      const { token } = await fundedAgent(t, 100_000n);
      const { requestId, body } = await buyAirtime(token, SANDBOX_VALUES.failure);
      expect(body.status).toBe('failed');
      expect((await orderOf(t, requestId)).upstream_id).toBe('vtpass');
    } finally {
      await t.request('PATCH', '/api/v1/admin/upstreams/clubkonnect', { token: owner, body: { enabled: true } });
    }
  });

  it('sends a plan to another upstream only under its own code for it, mapped by the plans’ sync', async () => {
    const synced = await t.request('POST', '/api/v1/admin/upstreams/clubkonnect/plans/sync', { token: owner });
    expect(synced.status).toBe(200);
    expect(synced.body.data.matched).toBeGreaterThan(0);
    const plans = await t.request('GET', '/api/v1/admin/upstreams/clubkonnect/plans', { token: owner });
    const mapped = plans.body.data.find(
      (plan: { serviceId: string; variationCode: string | null }) =>
        plan.serviceId === 'mtn-data' && plan.variationCode,
    );
    // What Clubkonnect charges beside what the plan sells for, for the margin.
    expect(mapped).toMatchObject({ cost: expect.stringMatching(/^\d+\.\d{2}$/), price: expect.any(String) });

    await route('mtn-data', ['vtpass', 'clubkonnect']);
    const { token } = await fundedAgent(t, 10_000_000n);
    const requestId = randomUUID();
    const response = await t.request('POST', BUY, {
      token,
      body: {
        service: 'data',
        requestId,
        network: 'mtn',
        phone: SANDBOX_VALUES.failure,
        planCode: mapped.variationCode,
      },
    });
    expect(response.status).toBe(201);
    expect(response.body.data.status).toBe('delivered');
    const order = await orderOf(t, requestId);
    expect(order).toMatchObject({ upstream_id: 'clubkonnect', upstream_variation_code: mapped.code });
    const exchange = (await listOrderExchanges(t.db, order.id)).find((row) =>
      row.path.startsWith('APIDatabundleV1.asp'),
    );
    expect(new URLSearchParams(exchange!.path.split('?')[1]).get('DataPlan')).toBe(mapped.code);

    // A plan Clubkonnect has no code for is never sent there: the VTpass failure is final.
    const unmapped = (
      await t.request('GET', '/api/v1/admin/catalog/services/mtn-data/variations', { token: owner })
    ).body.data.find(
      (plan: { code: string }) =>
        !plans.body.data.some((theirs: { variationCode: string | null }) => theirs.variationCode === plan.code),
    );
    expect(unmapped).toBeDefined();
    const second = randomUUID();
    const refused = await t.request('POST', BUY, {
      token,
      body: {
        service: 'data',
        requestId: second,
        network: 'mtn',
        phone: SANDBOX_VALUES.failure,
        planCode: unmapped.code,
      },
    });
    expect(refused.body.data.status).toBe('failed');
    expect((await orderOf(t, second)).upstream_id).toBe('vtpass');
  });

  it('lets only the owner set routes and upstreams, names the field of a bad request, and audits each change', async () => {
    const support = await operatorWithRole(t, owner, 'support');
    const refused = await t.request('PUT', '/api/v1/admin/routes/glo', {
      token: support.token,
      body: { upstreams: [] },
    });
    expect(refused.status).toBe(403);

    const unknown = await t.request('PUT', '/api/v1/admin/routes/glo', {
      token: owner,
      body: { upstreams: ['vtpass', 'nowhere'] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([{ path: 'upstreams.1', message: 'There is no upstream nowhere' }]);
    const twice = await t.request('PUT', '/api/v1/admin/routes/glo', {
      token: owner,
      body: { upstreams: ['vtpass', 'vtpass'] },
    });
    expect(twice.status).toBe(422);
    expect(
      (await t.request('PUT', '/api/v1/admin/routes/no-such', { token: owner, body: { upstreams: [] } })).status,
    ).toBe(404);

    await route('glo', ['clubkonnect', 'vtpass']);
    const routes = await t.request('GET', '/api/v1/admin/routes', { token: support.token });
    expect(routes.body.data.find((r: { serviceId: string }) => r.serviceId === 'glo').upstreams).toEqual([
      'clubkonnect',
      'vtpass',
    ]);
    const [audit] = (await auditRowsOf(t.db, 'route.update', 'glo')).slice(-1);
    expect(audit).toMatchObject({ before: { upstreams: [] }, after: { upstreams: ['clubkonnect', 'vtpass'] } });
    await route('glo', []);

    const fromEnvironment = await t.request('PATCH', '/api/v1/admin/upstreams/vtpass', {
      token: owner,
      body: { credentials: { kind: 'vtpass', apiKey: 'another', publicKey: 'PK_another', secretKey: 'SK_another' } },
    });
    expect(fromEnvironment.status).toBe(409);
    const badKind = await t.request('PATCH', '/api/v1/admin/upstreams/clubkonnect', {
      token: owner,
      body: { credentials: { kind: 'vtpass', apiKey: 'another', publicKey: 'PK_another', secretKey: 'SK_another' } },
    });
    expect(badKind.status).toBe(422);
    expect(badKind.body.errors![0]!.path).toBe('credentials.kind');
    const offFirst = await t.request('PATCH', '/api/v1/admin/upstreams/vtpass', {
      token: owner,
      body: { enabled: false },
    });
    expect(offFirst.status).toBe(422);

    const created = await t.request('POST', '/api/v1/admin/upstreams', {
      token: owner,
      body: {
        id: 'ck-backup',
        name: 'Clubkonnect (second account)',
        baseUrl: 'https://www.nellobytesystems.com/',
        enabled: false,
        credentials: { kind: 'clubkonnect', userId: 'CK100999', apiKey: 'the-second-accounts-key' },
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      id: 'ck-backup',
      enabled: false,
      setByEnvironment: false,
      credentials: { apiKey: '••••-key' },
    });
    const again = await t.request('POST', '/api/v1/admin/upstreams', {
      token: owner,
      body: {
        id: 'ck-backup',
        name: 'Another',
        baseUrl: null,
        credentials: { kind: 'clubkonnect', userId: 'CK100999', apiKey: 'x-x-x-x' },
      },
    });
    expect(again.status).toBe(409);
    const [createdAudit] = await auditRowsOf(t.db, 'upstream.create', 'ck-backup');
    expect(JSON.stringify(createdAudit)).not.toContain('the-second-accounts-key');
  });

  it('uses Clubkonnect’s documented test values end to end as a first upstream too', async () => {
    await route('airtel', ['clubkonnect', 'vtpass']);
    const { token } = await fundedAgent(t, 100_000n);
    const requestId = randomUUID();
    const response = await t.request('POST', BUY, {
      token,
      body: { service: 'airtime', requestId, network: 'airtel', phone: testValue('phone', '514'), amount: '100' },
    });
    // Cancelled at once at Clubkonnect (514): definitive, so VTpass sells it.
    expect(response.body.data.status).toBe('delivered');
    const order = await orderOf(t, requestId);
    expect(order.upstream_id).toBe('vtpass');
    expect(await attemptsOf(t, order.id)).toEqual([{ upstream_id: 'clubkonnect', verdict: 'failed', code: '514' }]);
    await route('airtel', []);
  });
});

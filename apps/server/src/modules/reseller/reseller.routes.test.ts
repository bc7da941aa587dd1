import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken } from '../../test/test-operator.js';
import { SANDBOX_VALUES } from '../upstream/sandbox/sandbox-outcomes.js';

const R = '/api/v1/reseller';
const KEYS = '/api/v1/agent/api/keys';

async function syncedApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000', ...env } });
  const synced = await t.request('POST', '/api/v1/admin/catalog/sync', { token: await operatorToken(t) });
  expect(synced.status).toBe(200);
  return t;
}

/** An agent with `kobo` in the wallet and one API key. */
async function resellerAgent(t: TestApp, kobo = 0n) {
  const agent = await registerAgent(t);
  if (kobo > 0n) await creditWallet(t.db, agent.user.id, kobo, { now: new Date(t.clock.now().getTime() - 1000) });
  const created = await t.request('POST', KEYS, { token: agent.token });
  expect(created.status).toBe(201);
  return { ...agent, key: created.body.data.secret as string, keyId: created.body.data.id as string };
}

describe('reseller API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await syncedApp();
  });
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  const balance = async (key: string) =>
    (await t.request('GET', `${R}/balance`, { token: key })).body.data.availableBalance as string;

  describe('authentication', () => {
    it('accepts a valid key and answers for its agent', async () => {
      const { key } = await resellerAgent(t, 150_050n);
      const response = await t.request('GET', `${R}/balance`, { token: key });
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ availableBalance: '1500.50' });
    });

    it('refuses a missing, malformed, unknown or revoked key with a 401 that says which', async () => {
      const { key, keyId, token } = await resellerAgent(t);

      const missing = await t.request('GET', `${R}/balance`);
      expect(missing.status).toBe(401);
      expect(missing.body.message).toMatch(/Authorization: Bearer adk_/);

      for (const malformed of ['adk_short', `adk_${'x'.repeat(42)}!`, key.slice(4), `${key}x`]) {
        const response = await t.request('GET', `${R}/balance`, { token: malformed });
        expect(response.status, malformed).toBe(401);
        expect(response.body).toMatchObject({ code: 'UNAUTHENTICATED' });
        expect(response.body.message, malformed).toMatch(/^The API key is malformed/);
      }

      const unknown = await t.request('GET', `${R}/balance`, {
        token: `adk_${randomBytes(32).toString('base64url')}`,
      });
      expect(unknown.status).toBe(401);
      expect(unknown.body.message).toMatch(/not valid/);

      expect((await t.request('DELETE', `${KEYS}/${keyId}`, { token })).status).toBe(200);
      const revoked = await t.request('GET', `${R}/balance`, { token: key });
      expect(revoked.status).toBe(401);
      expect(revoked.body.message).toBe('This API key has been revoked');
    });

    it('applies the key’s IP allow-list: another address is a 403 naming it', async () => {
      const { key, keyId, token } = await resellerAgent(t);
      const setIps = (allowedIps: string[]) => t.request('PATCH', `${KEYS}/${keyId}`, { token, body: { allowedIps } });

      expect((await setIps(['203.0.113.0/24', '2001:db8::/32'])).status).toBe(200);
      const refused = await t.request('GET', `${R}/balance`, { token: key });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('FORBIDDEN');
      expect(refused.body.message).toContain('127.0.0.1');

      await setIps(['203.0.113.0/24', '127.0.0.0/8']);
      expect((await t.request('GET', `${R}/balance`, { token: key })).status).toBe(200);
      await setIps(['127.0.0.1']);
      expect((await t.request('GET', `${R}/balance`, { token: key })).status).toBe(200);
      await setIps([]);
      expect((await t.request('GET', `${R}/balance`, { token: key })).status).toBe(200);
    });

    it('refuses a session token on reseller routes and an API key on agent routes', async () => {
      const { key, token } = await resellerAgent(t);
      const session = await t.request('GET', `${R}/balance`, { token });
      expect(session.status).toBe(401);
      expect(session.body.message).toMatch(/^The API key is malformed/);

      const agentRoute = await t.request('GET', '/api/v1/agent/wallet/balance', { token: key });
      expect(agentRoute.status).toBe(401);
      expect(agentRoute.body.message).toMatch(/reseller API/);
      expect((await t.request('POST', KEYS, { token: key })).status).toBe(401);
      expect((await t.request('GET', '/api/v1/admin/funding-requests', { token: key })).status).toBe(401);
    });
  });

  it('lists the same services and prices as the agent API', async () => {
    const { key, token } = await resellerAgent(t);
    const reseller = await t.request('GET', `${R}/services`, { token: key });
    expect(reseller.status).toBe(200);
    const agent = await t.request('GET', '/api/v1/agent/api/services', { token });
    expect(reseller.body.data).toEqual(agent.body.data);
    expect(reseller.body.data.length).toBeGreaterThanOrEqual(20);
  });

  it('validates a meter and a smartcard like the dashboard does', async () => {
    const { key } = await resellerAgent(t);
    const meter = await t.request(
      'GET',
      `${R}/validate/meter?meter_number=${SANDBOX_VALUES.prepaidMeter}&disco_name=ikeja-electric&meter_type=prepaid`,
      { token: key },
    );
    expect(meter.status).toBe(200);
    expect(meter.body.data).toMatchObject({ meterNumber: SANDBOX_VALUES.prepaidMeter, meterType: 'prepaid' });
    expect(meter.body.data.customerName).toBeTruthy();

    const wrong = await t.request(
      'GET',
      `${R}/validate/meter?meter_number=9990000000000&disco_name=ikeja-electric&meter_type=prepaid`,
      { token: key },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.[0]?.path).toBe('meter_number');

    const card = await t.request(
      'GET',
      `${R}/validate/smartcard?provider=dstv&smartcard_number=${SANDBOX_VALUES.smartcard}`,
      {
        token: key,
      },
    );
    expect(card.status).toBe(200);
    expect(card.body.data).toMatchObject({ smartcardNumber: SANDBOX_VALUES.smartcard });

    const bad = await t.request('GET', `${R}/validate/smartcard?provider=dstv&smartcard_number=12`, { token: key });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.[0]?.path).toBe('smartcard_number');
  });

  it('buys through the API end to end: one charge, status by requestId, the history, and the same order in the dashboard', async () => {
    const { key, token, user } = await resellerAgent(t, 100_000n);
    const requestId = `shop-${randomUUID()}`;
    const body = { service: 'airtime', requestId, network: 'mtn', phone: '08031234567', amount: '500' };

    const bought = await t.request('POST', `${R}/purchases`, { token: key, body });
    expect(bought.status).toBe(201);
    expect(bought.body.data).toMatchObject({
      requestId,
      status: 'delivered',
      faceValue: '500.00',
      price: '490.00',
      recipient: '08031234567',
    });
    expect(await balance(key)).toBe('510.00');

    const state = await t.request('GET', `${R}/purchases/${requestId}`, { token: key });
    expect(state.status).toBe(200);
    expect(state.body.data).toEqual(bought.body.data);

    const history = await t.request('GET', `${R}/transactions?limit=1`, { token: key });
    expect(history.status).toBe(200);
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({
      id: bought.body.data.transactionId,
      transactionType: 'purchase',
      amount: '490.00',
      direction: 'debit',
    });
    expect(history.body.meta?.nextCursor).toBe(history.body.data[0].id);
    const next = await t.request('GET', `${R}/transactions?limit=1&cursor=${history.body.meta?.nextCursor}`, {
      token: key,
    });
    expect(next.body.data[0]).toMatchObject({ transactionType: 'adjustment', direction: 'credit' });
    expect(next.body.meta?.nextCursor).toBeNull();
    const badCursor = await t.request('GET', `${R}/transactions?cursor=${randomUUID()}`, { token: key });
    expect(badCursor.status).toBe(422);
    expect(badCursor.body.errors?.[0]?.path).toBe('cursor');

    // One implementation, two doors: the dashboard sees the same order.
    const dashboard = await t.request('GET', `/api/v1/agent/purchases/${requestId}`, { token });
    expect(dashboard.body.data).toEqual(bought.body.data);
    const orders = await t.db.query('SELECT 1 FROM orders WHERE user_id = $1', [user.id]);
    expect(orders).toHaveLength(1);
  });

  it('keeps Step 4’s idempotency: the same requestId and body is the same order, charged once; another body is a 409', async () => {
    const { key, token, user } = await resellerAgent(t, 100_000n);
    const requestId = `shop-${randomUUID()}`;
    const body = { service: 'data', requestId, network: 'mtn', planCode: 'mtn-1gb-500', phone: '08031234567' };

    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.request('POST', `${R}/purchases`, { token: key, body })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    expect(new Set(results.map((r) => r.body.data.transactionId)).size).toBe(1);
    expect(results.find((r) => r.status === 200)?.body.message).toBe('This purchase was already made');

    // The same requestId through the dashboard's door is the same purchase too.
    const viaDashboard = await t.request('POST', '/api/v1/agent/purchases', { token, body });
    expect(viaDashboard.status).toBe(200);
    expect(viaDashboard.body.data.transactionId).toBe(results[0]!.body.data.transactionId);

    expect(await balance(key)).toBe('515.00');
    const debits = await t.db.query("SELECT 1 FROM wallet_transactions WHERE user_id = $1 AND type = 'purchase'", [
      user.id,
    ]);
    expect(debits).toHaveLength(1);

    const different = await t.request('POST', `${R}/purchases`, {
      token: key,
      body: { ...body, phone: '08039999999' },
    });
    expect(different.status).toBe(409);
    expect(different.body.errors?.[0]?.path).toBe('requestId');
    expect(await balance(key)).toBe('515.00');
  });

  it('refuses a short balance with 402 and charges nothing; names a bad field with 422', async () => {
    const { key, user } = await resellerAgent(t, 10_000n);
    const short = await t.request('POST', `${R}/purchases`, {
      token: key,
      body: {
        service: 'airtime',
        requestId: `shop-${randomUUID()}`,
        network: 'mtn',
        phone: '08031234567',
        amount: '500',
      },
    });
    expect(short.status).toBe(402);
    expect(await balance(key)).toBe('100.00');
    expect(await t.db.query('SELECT 1 FROM orders WHERE user_id = $1', [user.id])).toHaveLength(0);

    const invalid = await t.request('POST', `${R}/purchases`, {
      token: key,
      body: { service: 'airtime', requestId: `shop-${randomUUID()}`, network: 'mtn', phone: '123', amount: '500' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors?.[0]?.path).toBe('phone');
  });

  it("answers 404 for another agent's requestId, and lets each agent use the same requestId for their own", async () => {
    const owner = await resellerAgent(t, 100_000n);
    const other = await resellerAgent(t, 100_000n);
    const requestId = `shop-${randomUUID()}`;
    const body = { service: 'airtime', requestId, network: 'glo', phone: '08051234567', amount: '100' };
    expect((await t.request('POST', `${R}/purchases`, { token: owner.key, body })).status).toBe(201);

    const peek = await t.request('GET', `${R}/purchases/${requestId}`, { token: other.key });
    expect(peek.status).toBe(404);
    expect(peek.body.code).toBe('NOT_FOUND');

    const own = await t.request('POST', `${R}/purchases`, { token: other.key, body });
    expect(own.status).toBe(201);
    expect(await balance(owner.key)).toBe(await balance(other.key));
  });
});

describe('reseller API rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await syncedApp({ RESELLER_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('counts per key: the fourth call in a minute is a 429 with Retry-After; another key of the agent still works', async () => {
    const first = await resellerAgent(t);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.request('GET', `${R}/balance`, { token: first.key })).status);
    expect(statuses).toEqual([200, 200, 200]);

    const over = await t.request('GET', `${R}/services`, { token: first.key });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('RATE_LIMITED');
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const second = await t.request('POST', KEYS, { token: first.token });
    expect((await t.request('GET', `${R}/balance`, { token: second.body.data.secret })).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { DEMO_OPERATOR, seedDemoAccounts } from '../../seed/demo-accounts.js';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';

const ME = '/api/v1/agent/auth/me';
const MINUTE = 60_000;

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { AUTH_IP_LIMIT_PER_MINUTE: '1000', SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '2' },
    });
    await seedDemoAccounts(t.db, pino({ level: 'silent' }));
  });
  afterAll(() => t.close());

  it('refuses a missing, malformed or unknown token with 401', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${'x'.repeat(43)}` },
    ]) {
      const response = await t.request('GET', ME, { headers });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('expires after the idle time, and stays alive while used', async () => {
    const { token } = await registerAgent(t);
    t.clock.advance(25 * MINUTE);
    expect((await t.request('GET', ME, { token })).status).toBe(200);
    t.clock.advance(25 * MINUTE); // 50 minutes old, 25 idle
    expect((await t.request('GET', ME, { token })).status).toBe(200);
    t.clock.advance(31 * MINUTE);
    const expired = await t.request('GET', ME, { token });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/expired/);
  });

  it('expires at the absolute lifetime even when in constant use', async () => {
    const { token } = await registerAgent(t);
    for (let i = 0; i < 7; i++) {
      t.clock.advance(17 * MINUTE);
      expect((await t.request('GET', ME, { token })).status).toBe(200);
    }
    t.clock.advance(2 * MINUTE); // 121 minutes
    expect((await t.request('GET', ME, { token })).status).toBe(401);
  });

  it('logout revokes that token only', async () => {
    const { body, token } = await registerAgent(t);
    const other = await t.request('POST', '/api/v1/agent/auth/login', {
      body: { identifier: body.username, password: body.password },
    });
    const otherToken = other.body.data.authorization.token as string;
    const out = await t.request('POST', '/api/v1/agent/auth/logout', { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'You have been signed out', data: null });
    expect((await t.request('GET', ME, { token })).status).toBe(401);
    expect((await t.request('POST', '/api/v1/agent/auth/logout', { token })).status).toBe(401);
    expect((await t.request('GET', ME, { token: otherToken })).status).toBe(200);
  });

  // Sessions are kept in memory once checked (decision 026): a change made anywhere, here by
  // SQL as an operator's tool or another instance would, reaches them through PostgreSQL's
  // notifications.
  it('forgets a kept session revoked outside this instance as soon as the revocation is delivered', async () => {
    const { token, user } = await registerAgent(t);
    expect((await t.request('GET', ME, { token })).status).toBe(200);
    await t.db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [user.id]);
    await t.db.notifications.delivered();
    expect((await t.request('GET', ME, { token })).status).toBe(401);
  });

  it("serves a kept session's user as changed outside this instance", async () => {
    const { token, user } = await registerAgent(t);
    expect((await t.request('GET', ME, { token })).body.data.user.firstName).toBe('Chidi');
    await t.db.query(`UPDATE users SET first_name = 'Chiamaka' WHERE id = $1`, [user.id]);
    await t.db.notifications.delivered();
    expect((await t.request('GET', ME, { token })).body.data.user.firstName).toBe('Chiamaka');
  });

  it('keeps operator and agent tokens apart', async () => {
    const op = await t.request('POST', '/api/v1/admin/auth/login', {
      body: { identifier: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password },
    });
    expect(op.status).toBe(200);
    const operatorToken = op.body.data.authorization.token as string;
    const asAgent = await t.request('GET', ME, { token: operatorToken });
    expect(asAgent.status).toBe(403);
    expect(asAgent.body.code).toBe('FORBIDDEN');

    const { token } = await registerAgent(t);
    const asOperator = await t.request('GET', '/api/v1/admin/outbox', { token });
    expect(asOperator.status).toBe(403);
  });
});

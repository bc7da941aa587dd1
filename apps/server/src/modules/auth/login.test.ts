import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { DEMO_OPERATOR, seedDemoAccounts } from '../../seed/demo-accounts.js';
import { pino } from 'pino';

const LOGIN = '/api/v1/agent/auth/login';

describe('POST /api/v1/agent/auth/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    await seedDemoAccounts(t.db, pino({ level: 'silent' }));
  });
  afterAll(() => t.close());

  it('signs in by email, username or phone in any usual form', async () => {
    const { body, user } = await registerAgent(t, { phone: '08039990001' });
    for (const identifier of [
      body.email.toUpperCase(),
      body.username,
      `  ${body.username.toUpperCase()} `,
      '08039990001',
      '+2348039990001',
    ]) {
      const response = await t.request('POST', LOGIN, { body: { identifier, password: body.password } });
      expect(response.status, identifier).toBe(200);
      expect(response.body.message).toBe('Login successful');
      expect(response.body.data.user.id).toBe(user.id);
      expect(response.body.data.authorization.type).toBe('Bearer');
    }
  });

  it('gives every session its own token, stored only as a hash', async () => {
    const { body } = await registerAgent(t);
    const a = await t.request('POST', LOGIN, { body: { identifier: body.username, password: body.password } });
    const b = await t.request('POST', LOGIN, { body: { identifier: body.username, password: body.password } });
    const tokenA = a.body.data.authorization.token as string;
    expect(tokenA).not.toBe(b.body.data.authorization.token);
    expect(Buffer.from(tokenA, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await t.db.query<{ hex: string }>(`SELECT encode(token_hash, 'hex') AS hex FROM sessions`);
    expect(rows.some((row) => row.hex.includes(Buffer.from(tokenA, 'base64url').toString('hex')))).toBe(false);
    expect(rows.every((row) => row.hex.length === 64)).toBe(true);
  });

  it('answers a wrong password and an unknown account identically', async () => {
    const { body } = await registerAgent(t);
    const wrong = await t.request('POST', LOGIN, { body: { identifier: body.username, password: 'not the password' } });
    const unknown = await t.request('POST', LOGIN, {
      body: { identifier: 'nobody_here', password: 'not the password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ message: 'The login details are incorrect', code: 'INVALID_CREDENTIALS' });
  });

  it('does not let an operator sign in to the agent API', async () => {
    const response = await t.request('POST', LOGIN, {
      body: { identifier: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password },
    });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('INVALID_CREDENTIALS');
  });

  it.each([
    [{ identifier: 'demo' }, 'password'],
    [{ password: 'x' }, 'identifier'],
    [{ identifier: 'demo', password: 12345678 }, 'password'],
    [{ identifier: '', password: 'x' }, 'identifier'],
    [{ identifier: 'demo', password: 'x'.repeat(2000) }, 'password'],
    [{ identifier: 'demo', password: 'x', remember: true }, 'remember'],
  ])('refuses %j with a 422 naming %s', async (body, path) => {
    const response = await t.request('POST', LOGIN, { body });
    expect(response.status).toBe(422);
    expect(response.body.errors?.map((error) => error.path)).toContain(path);
  });
});

describe('login rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(() => t.close());

  it('locks an account after 10 tries in 15 minutes, whatever form the identifier takes, with Retry-After', async () => {
    const { body } = await registerAgent(t, { phone: '08039990002' });
    const forms = [body.username, body.username.toUpperCase(), '+2348039990002', '08039990002', body.email];
    for (let i = 0; i < 10; i++) {
      const response = await t.request('POST', LOGIN, {
        body: { identifier: forms[i % forms.length], password: 'wrong password' },
      });
      expect(response.status).toBe(401);
    }
    const blocked = await t.request('POST', LOGIN, {
      body: { identifier: '+234 803 999 0002', password: body.password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    expect(blocked.body.message).toMatch(/Too many attempts\. Try again in \d+ seconds\./);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another account from the same address is not affected.
    const other = await registerAgent(t);
    const ok = await t.request('POST', LOGIN, {
      body: { identifier: other.body.username, password: other.body.password },
    });
    expect(ok.status).toBe(200);
  });
});

describe('login rate limit per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(() => t.close());

  it('answers 429 once one address makes too many attempts across accounts', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await t.request('POST', LOGIN, { body: { identifier: `someone${i}`, password: 'whatever1' } });
      expect(response.status).toBe(401);
    }
    const blocked = await t.request('POST', LOGIN, { body: { identifier: 'someone-else', password: 'whatever1' } });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
  });
});

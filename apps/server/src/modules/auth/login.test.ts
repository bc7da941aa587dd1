import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { verificationCount } from '../../lib/passwords.js';
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

// Failures only, per (account, address); many addresses together slow an account, never lock it.
describe('login lockout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000', TRUST_PROXY: '1' } });
    await seedDemoAccounts(t.db, pino({ level: 'silent' }));
  });
  afterAll(() => t.close());

  let ipCounter = 0;
  const newIp = () => `203.0.113.${++ipCounter}`;
  const login = (identifier: string, password: string, ip: string, path = LOGIN) =>
    t.request('POST', path, { body: { identifier, password }, headers: { 'x-forwarded-for': ip } });

  it('never counts a successful sign-in', async () => {
    const { body } = await registerAgent(t);
    const ip = newIp();
    for (let i = 0; i < 12; i++) expect((await login(body.username, body.password, ip)).status).toBe(200);
    expect((await login(body.username, 'wrong password', ip)).status).toBe(401);
  });

  it('refuses an address after 10 failures for one account, in words, before checking the password', async () => {
    const { body } = await registerAgent(t, { phone: '08039990002' });
    const ip = newIp();
    const forms = [body.username, body.username.toUpperCase(), '+2348039990002', '08039990002', body.email];
    // Each failure spends one argon2 verification; a refusal spends none (counted, not timed).
    for (let i = 0; i < 10; i++) {
      const before = verificationCount();
      expect((await login(forms[i % forms.length]!, 'wrong password', ip)).status).toBe(401);
      expect(verificationCount() - before).toBe(1);
    }
    const beforeRefusals = verificationCount();
    for (let i = 0; i < 3; i++) {
      const blocked = await login('+234 803 999 0002', body.password, ip);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({
        message: 'Too many failed sign-ins. Try again in about 15 minutes.',
        code: 'RATE_LIMITED',
      });
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    // No argon2 verification was spent on a refused attempt (even the right password's).
    expect(verificationCount() - beforeRefusals).toBe(0);

    // The agent, from its own address, is not locked out; nor is another account from this one.
    expect((await login(body.username, body.password, newIp())).status).toBe(200);
    const other = await registerAgent(t);
    expect((await login(other.body.username, other.body.password, ip)).status).toBe(200);
  });

  it("resets an address's count for the account when it signs in", async () => {
    const { body } = await registerAgent(t);
    const ip = newIp();
    for (let i = 0; i < 9; i++) expect((await login(body.email, 'wrong password', ip)).status).toBe(401);
    expect((await login(body.email, body.password, ip)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(body.email, 'wrong password', ip)).status).toBe(401);
    expect((await login(body.email, body.password, ip)).status).toBe(200);
  });

  it('slows, and does not lock, an account failing from many addresses', async () => {
    const { body } = await registerAgent(t);
    for (let a = 0; a < 3; a++) {
      const ip = newIp();
      for (let i = 0; i < 10; i++) expect((await login(body.username, 'wrong password', ip)).status).toBe(401);
    }
    const timed = async (password: string) => {
      const started = performance.now();
      const response = await login(body.username, password, newIp());
      return { status: response.status, ms: performance.now() - started };
    };
    const first = await timed('wrong password');
    const second = await timed('wrong password');
    expect(first.status).toBe(401);
    expect(second.status).toBe(401);
    // Lower bounds only: the delays (250 ms, then 500 ms, then 1 s) are waited whatever the
    // machine's load, while the argon2 work on top of them varies with it.
    expect(first.ms).toBeGreaterThanOrEqual(240);
    expect(second.ms).toBeGreaterThanOrEqual(490);
    const owner = await timed(body.password);
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(900);
    expect(owner.ms).toBeLessThan(4_000 + 1_000);
  }, 30_000);

  it('applies the same rules to operator sign-in', async () => {
    const ip = newIp();
    const path = '/api/v1/admin/auth/login';
    for (let i = 0; i < 12; i++) {
      expect((await login(DEMO_OPERATOR.username, DEMO_OPERATOR.password, ip, path)).status).toBe(200);
    }
    for (let i = 0; i < 10; i++) {
      expect((await login(DEMO_OPERATOR.username, 'wrong password', ip, path)).status).toBe(401);
    }
    const blocked = await login(DEMO_OPERATOR.username, DEMO_OPERATOR.password, ip, path);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many failed sign-ins. Try again in about 15 minutes.');
    expect((await login(DEMO_OPERATOR.username, DEMO_OPERATOR.password, newIp(), path)).status).toBe(200);
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

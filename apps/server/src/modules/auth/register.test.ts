import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAgentBody, startTestApp, type TestApp } from '../../test/test-app.js';

const REGISTER = '/api/v1/agent/auth/register';

describe('POST /api/v1/agent/auth/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(() => t.close());

  it('creates the agent, signs them in and answers the spec shape', async () => {
    const body = newAgentBody({
      email: '  Mixed.Case@Example.COM ',
      username: 'New_Agent.1',
      phone: '+234 803 555 0101',
    });
    const response = await t.request('POST', REGISTER, { body });
    expect(response.status).toBe(201);
    expect(response.body.message).toMatch(/welcome/i);
    const { user, authorization } = response.body.data;
    expect(user).toMatchObject({
      firstName: 'Chidi',
      lastName: 'Okafor',
      username: 'new_agent.1',
      email: 'mixed.case@example.com',
      phone: '08035550101',
      role: 'agent',
    });
    expect(user.referralCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(authorization.type).toBe('Bearer');
    expect(authorization.token.length).toBeGreaterThanOrEqual(22);
    const me = await t.request('GET', '/api/v1/agent/auth/me', { token: authorization.token });
    expect(me.status).toBe(200);
    expect(me.body.data.user.id).toBe(user.id);
  });

  it('stores the password only as an argon2id hash', async () => {
    const body = newAgentBody();
    await t.request('POST', REGISTER, { body });
    const [row] = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE username = $1', [
      body.username,
    ]);
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.password_hash).not.toContain(body.password);
  });

  it.each([
    ['+2348031110001', '08031110001'],
    ['2348031110002', '08031110002'],
    ['0803-111-0003', '08031110003'],
  ])('normalises the phone %s to %s', async (phone, expected) => {
    const response = await t.request('POST', REGISTER, { body: newAgentBody({ phone }) });
    expect(response.status).toBe(201);
    expect(response.body.data.user.phone).toBe(expected);
  });

  it('names every field that is taken at once', async () => {
    const first = newAgentBody();
    expect((await t.request('POST', REGISTER, { body: first })).status).toBe(201);
    const again = newAgentBody({ email: first.email, username: first.username, phone: first.phone });
    const response = await t.request('POST', REGISTER, { body: again });
    expect(response.status).toBe(409);
    expect(response.body.errors?.map((error) => error.path).sort()).toEqual(['email', 'phone', 'username']);
  });

  it.each(['email', 'username', 'phone'] as const)('answers 409 naming %s when it is taken', async (field) => {
    const first = newAgentBody();
    expect((await t.request('POST', REGISTER, { body: first })).status).toBe(201);
    const clash = newAgentBody({
      [field]: field === 'phone' ? first.phone.replace(/^0/, '+234') : first[field].toUpperCase(),
    });
    const response = await t.request('POST', REGISTER, { body: clash });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('CONFLICT');
    expect(response.body.errors).toEqual([{ path: field, message: expect.stringMatching(/already registered/) }]);
  });

  it('takes a valid referral code and refuses an unknown one', async () => {
    const referrer = await t.request('POST', REGISTER, { body: newAgentBody() });
    const code = referrer.body.data.user.referralCode as string;
    const referred = await t.request('POST', REGISTER, { body: newAgentBody({ referralCode: code.toLowerCase() }) });
    expect(referred.status).toBe(201);
    const [row] = await t.db.query<{ referred_by: string }>('SELECT referred_by FROM users WHERE id = $1', [
      referred.body.data.user.id,
    ]);
    expect(row!.referred_by).toBe(referrer.body.data.user.id);

    const unknown = await t.request('POST', REGISTER, { body: newAgentBody({ referralCode: 'ZZZZZZZZ' }) });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.[0]?.path).toBe('referralCode');
  });

  it.each([
    [{ firstName: '' }, 'firstName'],
    [{ firstName: '   ' }, 'firstName'],
    [{ lastName: 'x'.repeat(61) }, 'lastName'],
    [{ firstName: 'Ade\u202Ebola' }, 'firstName'],
    [{ lastName: 'Zero\u200Bwidth' }, 'lastName'],
    [{ username: 'ab' }, 'username'],
    [{ username: 'has space' }, 'username'],
    [{ username: 'аdmin' }, 'username'],
    [{ username: 'x'.repeat(31) }, 'username'],
    [{ email: 'not-an-email' }, 'email'],
    [{ phone: '12345' }, 'phone'],
    [{ phone: '08131234' }, 'phone'],
    [{ phone: '+44 7911 123456' }, 'phone'],
    [{ password: 'short', confirmPassword: 'short' }, 'password'],
    [{ password: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) }, 'password'],
    [{ confirmPassword: 'something else' }, 'confirmPassword'],
    [{ firstName: 42 }, 'firstName'],
    [{ email: ['a@b.co'] }, 'email'],
    [{ referralCode: '!!' }, 'referralCode'],
    [{ isAdmin: true }, 'isAdmin'],
    [{ role: 'operator' }, 'role'],
  ])('refuses %j with a 422 naming %s', async (overrides, path) => {
    const response = await t.request('POST', REGISTER, { body: newAgentBody(overrides) });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.errors?.map((error) => error.path)).toContain(path);
    expect(response.body.message).toContain(path);
  });

  it('names every missing field', async () => {
    const response = await t.request('POST', REGISTER, { body: {} });
    expect(response.status).toBe(422);
    const paths = response.body.errors?.map((error) => error.path);
    expect(paths).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'username', 'email', 'phone', 'password', 'confirmPassword']),
    );
  });

  it('accepts an 8-character unicode password and normalises its composition', async () => {
    // "é" typed precomposed at sign-up, decomposed at login: the same password.
    const body = newAgentBody({ password: 'caf\u00e9 caf\u00e9', confirmPassword: 'caf\u00e9 caf\u00e9' });
    expect((await t.request('POST', REGISTER, { body })).status).toBe(201);
    const login = await t.request('POST', '/api/v1/agent/auth/login', {
      body: { identifier: body.username, password: 'cafe\u0301 cafe\u0301' },
    });
    expect(login.status).toBe(200);
  });
});

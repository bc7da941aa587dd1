import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';

const CHANGE = '/api/v1/agent/auth/change-password';
const LOGIN = '/api/v1/agent/auth/login';
const ME = '/api/v1/agent/auth/me';

describe('POST /api/v1/agent/auth/change-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(() => t.close());

  it('changes the password, keeps this session and signs out the others', async () => {
    const { body, token } = await registerAgent(t);
    const other = await t.request('POST', LOGIN, { body: { identifier: body.username, password: body.password } });
    const otherToken = other.body.data.authorization.token as string;

    const response = await t.request('POST', CHANGE, {
      token,
      body: { oldPassword: body.password, newPassword: 'a brand new secret' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Your password has been changed', data: null });

    expect((await t.request('GET', ME, { token })).status).toBe(200);
    expect((await t.request('GET', ME, { token: otherToken })).status).toBe(401);
    expect(
      (await t.request('POST', LOGIN, { body: { identifier: body.username, password: body.password } })).status,
    ).toBe(401);
    expect(
      (await t.request('POST', LOGIN, { body: { identifier: body.username, password: 'a brand new secret' } })).status,
    ).toBe(200);
    const mails = await t.db.query<{ subject: string }>('SELECT subject FROM email_outbox WHERE to_address = $1', [
      body.email,
    ]);
    expect(mails.map((mail) => mail.subject)).toContain('Your password was changed');
  });

  it('refuses a wrong old password with the server message and changes nothing', async () => {
    const { body, token } = await registerAgent(t);
    const response = await t.request('POST', CHANGE, {
      token,
      body: { oldPassword: 'not my password', newPassword: 'another secret 1' },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Your old password is incorrect');
    expect(response.body.code).toBe('WRONG_PASSWORD');
    expect(
      (await t.request('POST', LOGIN, { body: { identifier: body.username, password: body.password } })).status,
    ).toBe(200);
  });

  it.each([
    [{ newPassword: 'long enough 1' }, 'oldPassword'],
    [{ oldPassword: 'x' }, 'newPassword'],
    [{ oldPassword: 'x', newPassword: 'short' }, 'newPassword'],
    [{ oldPassword: 'x', newPassword: 'long enough 1', confirm: 'long enough 1' }, 'confirm'],
  ])('refuses %j with a 422 naming %s', async (payload, path) => {
    const { token } = await registerAgent(t);
    const response = await t.request('POST', CHANGE, { token, body: payload });
    expect(response.status).toBe(422);
    expect(response.body.errors?.map((error) => error.path)).toContain(path);
  });

  it('refuses the same password as new', async () => {
    const { body, token } = await registerAgent(t);
    const response = await t.request('POST', CHANGE, {
      token,
      body: { oldPassword: body.password, newPassword: body.password },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors?.[0]?.path).toBe('newPassword');
  });

  it('needs a session, checked before the body is looked at', async () => {
    const response = await t.request('POST', CHANGE, { body: { oldPassword: 'x', newPassword: 'long enough 1' } });
    expect(response.status).toBe(401);
    const invalid = await t.request('POST', CHANGE, { body: { unexpected: true } });
    expect(invalid.status).toBe(401);
  });

  it('limits guessing the old password with a stolen token to 5 tries per 15 minutes', async () => {
    const { body, token } = await registerAgent(t);
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.request('POST', CHANGE, { token, body: { oldPassword: `guess ${i}`, newPassword: 'long enough 1' } }))
          .status,
      ).toBe(400);
    }
    const blocked = await t.request('POST', CHANGE, {
      token,
      body: { oldPassword: body.password, newPassword: 'long enough 1' },
    });
    expect(blocked.status).toBe(429);
  });
});

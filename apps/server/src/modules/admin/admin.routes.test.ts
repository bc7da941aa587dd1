import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR, seedDemoAccounts } from '../../seed/demo-accounts.js';
import { waitForMail } from '../../test/test-mail.js';
import { newAgentBody, registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';

describe('operator API', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    await seedDemoAccounts(t.db, pino({ level: 'silent' }));
    const login = await t.request('POST', '/api/v1/admin/auth/login', {
      body: { identifier: DEMO_OPERATOR.email, password: DEMO_OPERATOR.password },
    });
    token = login.body.data.authorization.token;
  });
  afterAll(() => t.close());

  it('refuses agents and strangers', async () => {
    expect((await t.request('GET', '/api/v1/admin/outbox')).status).toBe(401);
    const agent = await registerAgent(t);
    expect((await t.request('GET', '/api/v1/admin/outbox', { token: agent.token })).status).toBe(403);
    const agentLogin = await t.request('POST', '/api/v1/admin/auth/login', {
      body: { identifier: agent.body.username, password: agent.body.password },
    });
    expect(agentLogin.status).toBe(401);
  });

  it('creates an agent with a generated password that then signs in', async () => {
    const { password: _p, confirmPassword: _c, ...fields } = newAgentBody();
    const created = await t.request('POST', '/api/v1/admin/agents', { token, body: fields });
    expect(created.status).toBe(201);
    const generated = created.body.data.generatedPassword as string;
    expect(generated).toHaveLength(14);
    const login = await t.request('POST', '/api/v1/agent/auth/login', {
      body: { identifier: fields.username, password: generated },
    });
    expect(login.status).toBe(200);
    const clash = await t.request('POST', '/api/v1/admin/agents', { token, body: fields });
    expect(clash.status).toBe(409);
  });

  it('lists the development outbox newest first, filtered by recipient', async () => {
    const agent = await registerAgent(t);
    await t.request('POST', '/api/v1/agent/auth/reset-password', { body: { identifier: agent.body.email } });
    await waitForMail(t.db, agent.body.email);
    const list = await t.request(
      'GET',
      `/api/v1/admin/outbox?limit=5&to=${encodeURIComponent(agent.body.email.toUpperCase())}`,
      { token },
    );
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      to: agent.body.email,
      subject: 'Your password reset code',
      status: 'development',
    });
    expect(list.body.data[0].text).toMatch(/\b\d{6}\b/);
    const bad = await t.request('GET', '/api/v1/admin/outbox?limit=1000', { token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.[0]?.path).toBe('limit');
  });

  it('signs the operator out', async () => {
    const login = await t.request('POST', '/api/v1/admin/auth/login', {
      body: { identifier: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password },
    });
    const own = login.body.data.authorization.token as string;
    expect((await t.request('POST', '/api/v1/admin/auth/logout', { token: own })).status).toBe(200);
    expect((await t.request('GET', '/api/v1/admin/outbox', { token: own })).status).toBe(401);
  });
});

import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR, seedDemoAccounts } from '../../seed/demo-accounts.js';
import { waitForMail } from '../../test/test-mail.js';
import { newAgentBody, registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { inviteTokenFor, newOperatorBody, operatorWithRole } from '../../test/test-operator.js';

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

describe('operators and their roles', () => {
  let t: TestApp;
  let owner: string;
  let ownerId: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '100000', PUBLIC_URL: 'https://vtu.example.ng/' } });
    await seedDemoAccounts(t.db, pino({ level: 'silent' }));
    const login = await t.request('POST', '/api/v1/admin/auth/login', {
      body: { identifier: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password },
    });
    owner = login.body.data.authorization.token;
    expect(login.body.data.user.operatorRole).toBe('owner');
    ownerId = login.body.data.user.id;
  });
  afterAll(() => t.close());

  const signIn = async (identifier: string, password: string) =>
    t.request('POST', '/api/v1/admin/auth/login', { body: { identifier, password } });

  it('invites an operator: no password until the emailed link sets one, once', async () => {
    const body = newOperatorBody('finance');
    const invited = await t.request('POST', '/api/v1/admin/operators', { token: owner, body });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toMatchObject({ username: body.username, role: 'finance', status: 'invited' });
    const [mail] = await t.db.query<{ subject: string; body_text: string }>(
      'SELECT subject, body_text FROM email_outbox WHERE to_address = $1',
      [body.email],
    );
    expect(mail!.subject).toBe('You are invited to operate AgentDesk');
    expect(mail!.body_text).toMatch(/as finance/);
    // The link is the console's, on PUBLIC_URL, its token in the fragment (never sent to a server).
    expect(mail!.body_text).toMatch(/https:\/\/vtu\.example\.ng\/admin\/accept-invite#token=[\w-]{43}\n/);
    const token = await inviteTokenFor(t, body.email);
    // Only the SHA-256 of the token is kept.
    const stored = await t.db.query<{ token_hash: Buffer }>(
      `SELECT token_hash FROM password_resets WHERE purpose = 'invite' AND user_id = $1`,
      [invited.body.data.id],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash.toString('base64url')).not.toBe(token);

    // Invited: nothing opens the account yet, not even an empty password.
    expect((await signIn(body.username, 'anything at all')).status).toBe(401);
    // An agent's password-reset confirmation does not accept an invitation's token.
    const asReset = await t.request('POST', '/api/v1/agent/auth/confirm-reset-password', {
      body: { resetToken: token, newPassword: 'hijacked password' },
    });
    expect(asReset.status).toBe(400);
    expect(asReset.body.code).toBe('INVALID_RESET_TOKEN');

    const accept = (password: string) =>
      t.request('POST', '/api/v1/admin/auth/accept-invite', { body: { token, newPassword: password } });
    // Accepting signs the operator in: the answer is a session, as the sign-in's.
    const accepted = await accept('finance password 1');
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.user).toMatchObject({ username: body.username, operatorRole: 'finance' });
    const acceptedMe = await t.request('GET', '/api/v1/admin/auth/me', {
      token: accepted.body.data.authorization.token,
    });
    expect(acceptedMe.status).toBe(200);
    expect(acceptedMe.body.data).toMatchObject({ id: invited.body.data.id, role: 'finance', status: 'active' });
    const again = await accept('someone else 2');
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_RESET_TOKEN');
    const login = await signIn(body.email, 'finance password 1');
    expect(login.status).toBe(200);
    expect(login.body.data.user).toMatchObject({ role: 'operator', operatorRole: 'finance' });
    const me = await t.request('GET', '/api/v1/admin/auth/me', { token: login.body.data.authorization.token });
    expect(me.body.data).toMatchObject({ id: invited.body.data.id, role: 'finance', status: 'active' });
  });

  it('an invitation expires after 72 hours', async () => {
    const body = newOperatorBody('support');
    await t.request('POST', '/api/v1/admin/operators', { token: owner, body });
    const token = await inviteTokenFor(t, body.email);
    t.clock.advance(72 * 3_600_000 + 1_000);
    const late = await t.request('POST', '/api/v1/admin/auth/accept-invite', {
      body: { token, newPassword: 'too late password' },
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/expired or was already used/);
    // The owner's own session is re-established for the next tests (the clock moved past it).
    owner = (await signIn(DEMO_OPERATOR.username, DEMO_OPERATOR.password)).body.data.authorization.token;
  });

  it('refuses a clash, a bad role and an agent’s account, naming the field', async () => {
    const body = newOperatorBody('support');
    expect((await t.request('POST', '/api/v1/admin/operators', { token: owner, body })).status).toBe(201);
    const clash = await t.request('POST', '/api/v1/admin/operators', { token: owner, body });
    expect(clash.status).toBe(409);
    expect(clash.body.errors?.map((error) => error.path).sort()).toEqual(['email', 'phone', 'username']);
    const bad = await t.request('POST', '/api/v1/admin/operators', {
      token: owner,
      body: { ...newOperatorBody('support'), role: 'admin' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.[0]?.path).toBe('role');
    const agent = await registerAgent(t);
    const notOperator = await t.request('PATCH', `/api/v1/admin/operators/${agent.user.id}`, {
      token: owner,
      body: { role: 'owner' },
    });
    expect(notOperator.status).toBe(404);
  });

  it('lists operators oldest first by cursor, with role and status', async () => {
    const all = await t.request('GET', '/api/v1/admin/operators?limit=100', { token: owner });
    expect(all.body.data).toContainEqual(expect.objectContaining({ id: ownerId, role: 'owner', status: 'active' }));
    const created = all.body.data.map((operator: { createdAt: string }) => operator.createdAt);
    expect([...created].sort()).toEqual(created);
    const statuses = new Set(all.body.data.map((operator: { status: string }) => operator.status));
    expect(statuses).toEqual(new Set(['active', 'invited']));
    const first = await t.request('GET', '/api/v1/admin/operators?limit=2', { token: owner });
    const second = await t.request('GET', `/api/v1/admin/operators?limit=2&cursor=${first.body.meta!.nextCursor}`, {
      token: owner,
    });
    expect([...first.body.data, ...second.body.data].map((operator: { id: string }) => operator.id)).toEqual(
      all.body.data.slice(0, 4).map((operator: { id: string }) => operator.id),
    );
  });

  it('a new role holds from the operator’s next request, on the session they have', async () => {
    const staff = await operatorWithRole(t, owner, 'support');
    const broadcast = () =>
      t.request('POST', '/api/v1/admin/notifications', { token: staff.token, body: { title: 'Hi', body: 'There' } });
    const refused = await broadcast();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This needs the owner role; you are support');
    const promoted = await t.request('PATCH', `/api/v1/admin/operators/${staff.id}`, {
      token: owner,
      body: { role: 'owner' },
    });
    expect(promoted.body.data.role).toBe('owner');
    expect((await broadcast()).status).toBe(201);
    await t.request('PATCH', `/api/v1/admin/operators/${staff.id}`, { token: owner, body: { role: 'support' } });
    expect((await broadcast()).status).toBe(403);
  });

  it('deactivating an operator ends their sessions at once; they cannot sign in again', async () => {
    const staff = await operatorWithRole(t, owner, 'finance');
    const second = (await signIn(staff.username, staff.password)).body.data.authorization.token as string;
    const deactivated = await t.request('POST', `/api/v1/admin/operators/${staff.id}/deactivate`, { token: owner });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.data).toMatchObject({ status: 'deactivated', deactivatedAt: expect.any(String) });
    for (const token of [staff.token, second]) {
      expect((await t.request('GET', '/api/v1/admin/auth/me', { token })).status).toBe(401);
    }
    expect((await signIn(staff.username, staff.password)).status).toBe(401);
    const twice = await t.request('POST', `/api/v1/admin/operators/${staff.id}/deactivate`, { token: owner });
    expect(twice.status).toBe(409);
    const rerole = await t.request('PATCH', `/api/v1/admin/operators/${staff.id}`, {
      token: owner,
      body: { role: 'owner' },
    });
    expect(rerole.status).toBe(409);
  });

  it('never demotes nor deactivates the last active owner, even two owners at once', async () => {
    const lastOwner = async () =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM users WHERE role = 'operator' AND operator_role = 'owner'
           AND deactivated_at IS NULL AND password_hash IS NOT NULL`,
        )
      )[0]!.n;
    // An invited owner who has not set a password does not count: nobody could sign in as them.
    await t.request('POST', '/api/v1/admin/operators', { token: owner, body: newOperatorBody('owner') });
    const current = await t.db.query<{ id: string }>(
      `SELECT id FROM users WHERE role = 'operator' AND operator_role = 'owner' AND deactivated_at IS NULL
       AND password_hash IS NOT NULL AND id <> $1`,
      [ownerId],
    );
    for (const { id } of current) {
      await t.request('POST', `/api/v1/admin/operators/${id}/deactivate`, { token: owner });
    }
    expect(await lastOwner()).toBe(1);

    const demote = await t.request('PATCH', `/api/v1/admin/operators/${ownerId}`, {
      token: owner,
      body: { role: 'finance' },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe('operator is the last active owner: make another operator owner first');
    const deactivate = await t.request('POST', `/api/v1/admin/operators/${ownerId}/deactivate`, { token: owner });
    expect(deactivate.status).toBe(409);
    expect(deactivate.body.message).toMatch(/^operator is the last active owner and cannot be deactivated/);
    // Making an owner of one's own role is no change.
    expect(
      (await t.request('PATCH', `/api/v1/admin/operators/${ownerId}`, { token: owner, body: { role: 'owner' } }))
        .status,
    ).toBe(200);

    // Two owners, each deactivating the other at the same moment: one wins, one owner remains.
    const other = await operatorWithRole(t, owner, 'owner');
    const [a, b] = await Promise.all([
      t.request('POST', `/api/v1/admin/operators/${other.id}/deactivate`, { token: owner }),
      t.request('POST', `/api/v1/admin/operators/${ownerId}/deactivate`, { token: other.token }),
    ]);
    // The other is refused: as the last owner (409), or already signed out by the first (401).
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    expect(await lastOwner()).toBe(1);
  });
});

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../db/data-dir-lock.js';
import { verifySecret } from '../lib/passwords.js';
import { openPgliteDatabase } from '../db/pglite-database.js';
import { DEMO_OPERATOR, seedDemoAccounts } from '../seed/demo-accounts.js';
import { registerAgent, startTestApp, type TestApp } from '../test/test-app.js';
import { waitForMail } from '../test/test-mail.js';
import { runAdminCaptured } from '../test/run-admin-captured.js';

const run = runAdminCaptured;

describe('npm run admin (through the server)', () => {
  let t: TestApp;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    await seedDemoAccounts(t.db, pino({ level: 'silent' }));
    env = { HOME: await mkdtemp(join(tmpdir(), 'admin-home-')), AGENTDESK_URL: t.url };
  });
  afterAll(() => t.close());

  it('prints help', async () => {
    const result = await run(['help'], env);
    expect(result.code).toBe(0);
    for (const command of ['login', 'create-agent', 'outbox', 'migrate', 'create-operator'])
      expect(result.out).toContain(command);
  });

  it('refuses an unknown command or option with exit code 2', async () => {
    expect((await run(['frobnicate'], env)).code).toBe(2);
    expect((await run(['outbox', '--loud'], env)).code).toBe(2);
  });

  it('asks for a login before API commands', async () => {
    const result = await run(['outbox'], env);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/Not signed in/);
  });

  it('refuses a wrong operator password', async () => {
    const result = await run(['login', '--identifier', 'operator', '--password', 'wrong-password'], env);
    expect(result.code).toBe(1);
    expect(result.err).toBe('The login details are incorrect');
  });

  it('logs in, creates an agent, reads the outbox, logs out', async () => {
    expect(
      (await run(['login', '--identifier', DEMO_OPERATOR.username, '--password', DEMO_OPERATOR.password], env)).code,
    ).toBe(0);

    const created = await run(
      [
        'create-agent',
        '--first-name',
        'Bola',
        '--last-name',
        'Ade',
        '--username',
        'bola_kiosk',
        '--email',
        'bola@example.com',
        '--phone',
        '08091112222',
      ],
      env,
    );
    expect(created.code).toBe(0);
    const password = /Password \(shown once\): (\S+)/.exec(created.out)?.[1];
    expect(password).toBeDefined();
    const login = await t.request('POST', '/api/v1/agent/auth/login', { body: { identifier: 'bola_kiosk', password } });
    expect(login.status).toBe(200);

    const invalid = await run(
      ['create-agent', '--first-name', 'X', '--last-name', 'Y', '--username', 'x', '--email', 'bad', '--phone', '1'],
      env,
    );
    expect(invalid.code).toBe(1);
    expect(invalid.err).toMatch(/username/);
    expect(invalid.err).toMatch(/email/);

    await t.request('POST', '/api/v1/agent/auth/reset-password', { body: { identifier: 'bola@example.com' } });
    await waitForMail(t.db, 'bola@example.com');
    const outbox = await run(['outbox', '--to', 'bola@example.com'], env);
    expect(outbox.code).toBe(0);
    expect(outbox.out).toMatch(/Subject: Your password reset code/);
    expect(outbox.out).toMatch(/\b\d{6}\b/);

    expect((await run(['logout'], env)).code).toBe(0);
    expect((await run(['outbox'], env)).code).toBe(2);
  });

  it('invites, lists, re-roles and deactivates operators, and reads the audit log', async () => {
    const owner = {
      ...env,
      AGENTDESK_ADMIN_IDENTIFIER: DEMO_OPERATOR.username,
      AGENTDESK_ADMIN_PASSWORD: DEMO_OPERATOR.password,
    };
    const invited = await run(
      [
        'operators',
        'invite',
        '--first-name',
        'Sade',
        '--last-name',
        'Support',
        '--username',
        'sade_cli',
        '--email',
        'sade.cli@provider.ng',
        '--phone',
        '08020000011',
        '--role',
        'support',
      ],
      owner,
    );
    expect(invited.code, invited.err).toBe(0);
    expect(invited.out).toMatch(/^Invitation sent to sade\.cli@provider\.ng$/m);
    const id = /^(\S+)\s+sade_cli\s+support\s+invited/m.exec(invited.out)?.[1];
    expect(id).toBeDefined();
    expect((await run(['operators', 'invite', '--role', 'boss'], owner)).code).toBe(2);

    const listed = await run(['operators', 'list'], owner);
    expect(listed.out).toMatch(/operator\s+owner\s+active/);
    expect(listed.out).toMatch(/sade_cli\s+support\s+invited/);

    const promoted = await run(['operators', 'role', '--id', id!, '--role', 'finance'], owner);
    expect(promoted.code, promoted.err).toBe(0);
    expect(promoted.out).toMatch(/^sade_cli is now finance$/m);
    const deactivated = await run(['operators', 'deactivate', '--id', id!], owner);
    expect(deactivated.code, deactivated.err).toBe(0);
    expect(deactivated.out).toMatch(/sade_cli\s+finance\s+deactivated/);

    const audit = await run(['audit', '--target-type', 'operator', '--target-id', id!], owner);
    expect(audit.code, audit.err).toBe(0);
    const actions = audit.out.split('\n').map((line) => line.split('  ')[2]);
    expect(actions).toEqual(['operator.deactivate', 'operator.role.change', 'operator.invite']);
    expect(audit.out).toMatch(/operator \(owner\)/);
    const refused = await run(['audit', '--action', 'frobnicate'], owner);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/action/);
  });

  it('signs in from the environment when no session is saved', async () => {
    const agent = await registerAgent(t);
    const result = await run(['outbox', '--to', agent.body.email], {
      ...env,
      AGENTDESK_ADMIN_IDENTIFIER: DEMO_OPERATOR.email,
      AGENTDESK_ADMIN_PASSWORD: DEMO_OPERATOR.password,
    });
    expect(result.code).toBe(0);
    expect(result.out).toBe('The outbox is empty.');
  });

  it('says plainly when the server is not running', async () => {
    const result = await run(['outbox'], {
      ...env,
      AGENTDESK_URL: 'http://127.0.0.1:9',
      AGENTDESK_ADMIN_TOKEN: 'x'.repeat(43),
    });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/Cannot reach the server/);
  });
});

describe('npm run admin (direct database commands)', () => {
  it('creates the first owner with a generated password, printed once, that is the account’s password', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'admin-data-'));
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const created = await run(
      [
        'create-operator',
        '--first-name',
        'Ngozi',
        '--last-name',
        'Owner',
        '--username',
        'ngozi',
        '--email',
        'ngozi@provider.ng',
        '--phone',
        '08020000003',
      ],
      env,
    );
    expect(created.code, created.err).toBe(0);
    const password = /^Password \(shown once\): (\S{16})$/m.exec(created.out)?.[1];
    expect(password).toBeDefined();
    const db = await openPgliteDatabase(dataDir);
    const [row] = await db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE username = 'ngozi'`);
    const [audit] = await db.query<{ after: string }>('SELECT after::text FROM audit_log');
    await db.close();
    expect(await verifySecret(row!.password_hash, password!)).toBe(true);
    // Neither the password nor its hash is in the audit row.
    expect(audit!.after).not.toContain(password!);
    expect(audit!.after).not.toContain('argon2');
  });

  it('migrates and creates an operator in an embedded database, and refuses while a server holds it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'admin-data-'));
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const migrated = await run(['migrate'], env);
    expect(migrated.code).toBe(0);
    expect(migrated.out).toMatch(/Applied: 001-/);
    expect((await run(['migrate'], env)).out).toBe('The database is up to date.');

    const created = await run(
      [
        'create-operator',
        '--first-name',
        'Ife',
        '--last-name',
        'Ops',
        '--username',
        'ife_ops',
        '--email',
        'ife@provider.ng',
        '--phone',
        '08020000001',
        '--password',
        'operator pass 1',
      ],
      env,
    );
    expect(created.code, created.err).toBe(0);
    expect(created.out).toBe('Created operator ife_ops, role owner.');
    const db = await openPgliteDatabase(dataDir);
    const [row] = await db.query<{ role: string; operator_role: string }>(
      `SELECT role, operator_role FROM users WHERE username = 'ife_ops'`,
    );
    const audit = await db.query<{ action: string; operator_id: string | null; user_agent: string; after: object }>(
      'SELECT action, operator_id, user_agent, after FROM audit_log',
    );
    await db.close();
    expect(row).toEqual({ role: 'operator', operator_role: 'owner' });
    expect(audit).toEqual([
      {
        action: 'operator.create',
        operator_id: null,
        user_agent: 'npm run admin -- create-operator',
        after: { username: 'ife_ops', email: 'ife@provider.ng', role: 'owner', status: 'active' },
      },
    ]);

    // The first owner only: once an operator exists, owners invite the others through the API.
    const second = await run(
      [
        'create-operator',
        '--first-name',
        'Kemi',
        '--last-name',
        'Ops',
        '--username',
        'kemi_ops',
        '--email',
        'kemi@provider.ng',
        '--phone',
        '08020000002',
      ],
      env,
    );
    expect(second.code).toBe(1);
    expect(second.err).toMatch(/Operators exist already: an owner invites the others/);

    const release = await lockDataDir(dataDir);
    try {
      const refused = await run(['migrate'], env);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/in use by a running AgentDesk server/);
    } finally {
      await release();
    }
  });
});

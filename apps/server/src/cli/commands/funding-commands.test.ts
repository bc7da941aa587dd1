import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR, seedDemoAccounts } from '../../seed/demo-accounts.js';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { runAdminCaptured } from '../../test/run-admin-captured.js';

describe('npm run admin -- funding and ledger-check', () => {
  let t: TestApp;
  let env: NodeJS.ProcessEnv;
  const run = (...argv: string[]) => runAdminCaptured(argv, env);

  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    await seedDemoAccounts(t.db, pino({ level: 'silent' }));
    env = {
      HOME: await mkdtemp(join(tmpdir(), 'admin-home-')),
      AGENTDESK_URL: t.url,
      AGENTDESK_ADMIN_IDENTIFIER: DEMO_OPERATOR.username,
      AGENTDESK_ADMIN_PASSWORD: DEMO_OPERATOR.password,
    };
  });
  afterAll(() => t.close());

  it('adds an account, lists the queue, approves and rejects, and checks the ledger', async () => {
    const added = await run(
      'funding-account',
      'add',
      '--bank-name',
      'Zenith Bank',
      '--bank-code',
      '057',
      '--account-number',
      '1234567890',
      '--account-name',
      'Provider Ltd',
      '--charge-flat',
      '25',
      '--minimum',
      '500',
    );
    expect(added.code, added.err).toBe(0);
    const accountId = /id ([0-9a-f-]{36})/.exec(added.out)![1]!;

    const agent = await registerAgent(t);
    const report = (reference: string) =>
      t.request('POST', '/api/v1/agent/funding-requests', {
        token: agent.token,
        body: { accountId, amount: '2000', senderName: 'Ada', reference, transferDate: '2026-01-05' },
      });
    const first = (await report('REF-0001')).body.data.id as string;
    const second = (await report('REF-0002')).body.data.id as string;

    const queue = await run('funding', 'list');
    expect(queue.code).toBe(0);
    expect(queue.out).toContain(first);
    expect(queue.out).toContain(agent.body.username);
    expect(queue.out).toContain('₦2000.00 (credit ₦1975.00)');

    expect((await run('funding', 'approve', '--id', first)).code).toBe(0);
    const twice = await run('funding', 'approve', '--id', first);
    expect(twice.code).toBe(1);
    expect(twice.err).toMatch(/already approved/);
    const rejected = await run('funding', 'reject', '--id', second, '--reason', 'Not received');
    expect(rejected.code).toBe(0);
    expect((await run('funding', 'list', '--status', 'rejected')).out).toContain('reason: Not received');
    expect((await run('funding', 'approve')).code).toBe(2);

    const balance = await t.request('GET', '/api/v1/agent/wallet/balance', { token: agent.token });
    expect(balance.body.data.availableBalance).toBe('1975.00');

    const healthy = await run('ledger-check');
    expect(healthy).toMatchObject({ code: 0, out: 'The ledger is consistent' });

    // Break the books behind the ledger's back: the check must say so and fail.
    await t.db.query(`UPDATE ledger_accounts SET balance = balance + 100 WHERE user_id = $1`, [agent.user.id]);
    const broken = await run('ledger-check');
    expect(broken.code).toBe(1);
    expect(broken.err).toMatch(/balance-equals-postings/);
    await t.db.query(`UPDATE ledger_accounts SET balance = balance - 100 WHERE user_id = $1`, [agent.user.id]);
  });

  it('records a virtual account and disables a funding account', async () => {
    const agent = await registerAgent(t);
    const set = await run(
      'virtual-account',
      'set',
      '--username',
      agent.body.username,
      '--provider',
      'paystack',
      '--account-number',
      '9912345678',
      '--bank-name',
      'Wema Bank',
      '--account-name',
      'AgentDesk/Chidi',
      '--provider-reference',
      'CUS_abc123',
    );
    expect(set.code, set.err).toBe(0);
    const manual = await t.request('GET', '/api/v1/agent/manual-funding', { token: agent.token });
    expect(manual.body.data.virtualAccounts[0]).toMatchObject({ provider: 'paystack', accountNumber: '9912345678' });

    const id = manual.body.data.accounts[0].id as string;
    expect((await run('funding-account', 'disable', '--id', id)).code).toBe(0);
    const after = await t.request('GET', '/api/v1/agent/manual-funding', { token: agent.token });
    expect(after.body.data.accounts.map((a: { id: string }) => a.id)).not.toContain(id);
  });
});

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerHealthy } from '../../test/test-money.js';
import { DEMO_OPERATOR, seedDemoAccounts } from '../../seed/demo-accounts.js';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { runAdminCaptured } from '../../test/run-admin-captured.js';

describe('npm run admin -- agents', () => {
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
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  const balanceOf = async (token: string) =>
    (await t.request('GET', '/api/v1/agent/wallet/balance', { token })).body.data.availableBalance as string;

  it('finds an agent, credits the wallet once per key, lists the adjustment, and suspends and reactivates', async () => {
    const agent = await registerAgent(t);
    const listed = await run('agents', 'list', '--q', agent.body.username);
    expect(listed.code, listed.err).toBe(0);
    expect(listed.out).toContain(agent.user.id);
    expect(listed.out).toContain('active');

    const credit = ['agents', 'adjust', '--id', agent.user.id, '--direction', 'credit', '--amount', '500'];
    const first = await run(...credit, '--reason', 'Goodwill after an outage', '--key', 'cli-test-key-0001');
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain('Idempotency key: cli-test-key-0001');
    expect(first.out).toMatch(/posted\s+credit\s+₦500\.00/);
    expect(await balanceOf(agent.token)).toBe('500.00');
    // The same key again (an answer lost on the way): the same adjustment, no second credit.
    const again = await run(...credit, '--reason', 'Goodwill after an outage', '--key', 'cli-test-key-0001');
    expect(again.code, again.err).toBe(0);
    expect(await balanceOf(agent.token)).toBe('500.00');

    const debitTooMuch = await run(
      ...['agents', 'adjust', '--id', agent.user.id, '--direction', 'debit', '--amount', '900'],
      ...['--reason', 'Reversal of a mistaken credit'],
    );
    expect(debitTooMuch.code).not.toBe(0);
    expect(await balanceOf(agent.token)).toBe('500.00');

    const adjustments = await run('agents', 'adjustments', '--id', agent.user.id);
    expect(adjustments.code, adjustments.err).toBe(0);
    expect(adjustments.out.trim().split('\n')).toHaveLength(1);
    expect(adjustments.out).toContain('Goodwill after an outage');

    const suspended = await run('agents', 'suspend', '--id', agent.user.id, '--reason', 'Chargeback under review');
    expect(suspended.code, suspended.err).toBe(0);
    expect(suspended.out).toContain('suspended');
    expect((await t.request('GET', '/api/v1/agent/wallet/balance', { token: agent.token })).status).toBe(401);
    const reactivated = await run('agents', 'reactivate', '--id', agent.user.id, '--reason', 'Review cleared');
    expect(reactivated.code, reactivated.err).toBe(0);
    expect(reactivated.out).toContain('active');

    const reset = await run('agents', 'password-reset', '--id', agent.user.id);
    expect(reset.code, reset.err).toBe(0);
  });

  it('says what is wrong with a direction or status it does not know, before calling anything', async () => {
    const bad = await run('agents', 'adjust', '--id', 'x', '--direction', 'sideways', '--amount', '1', '--reason', 'x');
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain('--direction is credit or debit');
    const status = await run('agents', 'list', '--status', 'gone');
    expect(status.code).not.toBe(0);
    expect(status.err).toContain('--status is active or suspended');
  });
});

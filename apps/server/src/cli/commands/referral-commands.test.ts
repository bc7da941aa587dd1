import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR, seedDemoAccounts } from '../../seed/demo-accounts.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { runAdminCaptured as run } from '../../test/run-admin-captured.js';

describe('npm run admin: referral', () => {
  let t: TestApp;
  let env: NodeJS.ProcessEnv;
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

  it('shows the rule, changes it, and names a bad value', async () => {
    expect((await run(['help'], env)).out).toContain('referral');
    const shown = await run(['referral'], env);
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toBe(
      ['First funding bonus: off', 'Margin share:        off', 'Last changed:        never'].join('\n'),
    );

    const set = await run(
      ['referral', '--funding-bonus', '1000', '--margin-percent', '10', '--margin-purchases', '5'],
      env,
    );
    expect(set.code, set.err).toBe(0);
    expect(set.out).toMatch(/^Referral rule saved\.\nFirst funding bonus: ₦1,000\.00\n/);
    expect(set.out).toContain('Margin share:        10% of the margin on the first 5 delivered purchases');

    const off = await run(['referral', '--funding-bonus', '0'], env);
    expect(off.out).toContain('First funding bonus: off');
    expect(off.out).toContain('10% of the margin');

    const bad = await run(['referral', '--margin-percent', '150'], env);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/marginPercent: Margin percent is a percent from 0 to 100 with up to two decimals/);
  });
});

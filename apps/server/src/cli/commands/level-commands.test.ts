import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../seed/demo-accounts.js';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken } from '../../test/test-operator.js';
import { runAdminCaptured } from '../../test/run-admin-captured.js';
import { findWalletBalance } from '../../modules/ledger/ledger.repo.js';

describe('npm run admin -- levels', () => {
  let t: TestApp;
  let env: NodeJS.ProcessEnv;
  const run = (...argv: string[]) => runAdminCaptured(argv, env);

  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    const owner = await operatorToken(t);
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token: owner })).status).toBe(200);
    env = {
      HOME: await mkdtemp(join(tmpdir(), 'admin-home-')),
      AGENTDESK_URL: t.url,
      AGENTDESK_ADMIN_IDENTIFIER: DEMO_OPERATOR.username,
      AGENTDESK_ADMIN_PASSWORD: DEMO_OPERATOR.password,
    };
  });
  afterAll(() => t.close());

  it('creates a level, prices it, moves an agent into it, and the agent is charged its price', async () => {
    const created = await run('levels', 'create', '--name', 'Dealer');
    expect(created.code, created.err).toBe(0);
    expect(created.out).toMatch(/^Price level Dealer created: [0-9a-f-]{36}$/);
    expect((await run('levels', 'discount', '--level', 'dealer', '--service', 'mtn-data', '--discount', '6')).out).toBe(
      'Dealer: Discount saved',
    );
    const priced = await run(
      'levels',
      'price',
      '--level',
      'Dealer',
      '--service',
      'mtn-data',
      '--code',
      'mtn-110mb-100',
      '--price',
      '91.25',
    );
    expect(priced.out, priced.err).toBe('Dealer: Fixed price saved');

    const plans = await run('levels', 'plans', '--level', 'Dealer', '--service', 'mtn-data');
    expect(plans.out).toMatch(
      /mtn-1gb-500 +face ₦500\.00 +catalogue ₦485\.00 +Dealer pays ₦470\.00 \(level discount\)/,
    );
    expect(plans.out).toMatch(/mtn-110mb-100 +face ₦100\.00 +catalogue ₦97\.00 +Dealer pays ₦91\.25 \(level price\)/);

    const agent = await registerAgent(t);
    await creditWallet(t.db, agent.user.id, 100_000n, { now: new Date(t.clock.now().getTime() - 1000) });
    const moved = await run('levels', 'move', '--agent', agent.user.id, '--level', 'Dealer');
    expect(moved.out, moved.err).toBe('The agent now buys at Dealer prices');
    const followed = await run('levels', 'follow', '--level', 'Dealer', '--rule', 'keep-margin');
    expect(followed.out, followed.err).toBe('Dealer prices follow the upstream’s by the same naira');
    const unknownRule = await run('levels', 'follow', '--level', 'Dealer', '--rule', 'cheapest');
    expect(unknownRule.code).not.toBe(0);
    expect(unknownRule.err).toContain('followRule');
    const list = await run('levels', 'list');
    expect(list.out).toMatch(/\* Agent +1 agent +0 service discounts +0 plan prices +follows: keep-discount$/m);
    expect(list.out).toMatch(/ {2}Dealer +1 agent +1 service discount +1 plan price +follows: keep-margin$/m);

    const bought = await t.request('POST', '/api/v1/agent/purchases', {
      token: agent.token,
      body: {
        service: 'data',
        requestId: randomUUID(),
        network: 'mtn',
        planCode: 'mtn-110mb-100',
        phone: '08031234567',
      },
    });
    expect(bought.body.data).toMatchObject({ status: 'delivered', price: '91.25' });
    expect(await findWalletBalance(t.db, agent.user.id)).toBe(100_000n - 9_125n);
    await expectLedgerHealthy(t.db);

    expect(
      (
        await run(
          'levels',
          'price',
          '--level',
          'Dealer',
          '--service',
          'mtn-data',
          '--code',
          'mtn-110mb-100',
          '--price',
          'none',
        )
      ).out,
    ).toBe('Dealer: Priced by the discounts again');
    expect((await run('levels', 'rename', '--level', 'Dealer', '--name', 'Dealers')).out).toBe(
      'Price level renamed Dealers',
    );
    expect((await run('levels', 'default', '--level', 'Dealers')).out).toBe('New agents join Dealers');
  });

  it('says what is wrong: an unknown level, an amount that is not whole kobo, a missing flag', async () => {
    const unknown = await run('levels', 'default', '--level', 'Platinum');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/^No price level "Platinum"\. The levels: Agent/);
    const kobo = await run(
      'levels',
      'price',
      '--level',
      'Agent',
      '--service',
      'mtn-data',
      '--code',
      'mtn-1gb-500',
      '--price',
      '1.005',
    );
    expect(kobo.code).toBe(1);
    expect(kobo.err).toMatch(/price: Enter an amount in naira/);
    const missing = await run('levels', 'discount', '--level', 'Agent', '--service', 'mtn');
    expect(missing.code).toBe(2);
    expect(missing.err).toBe('Missing --discount');
  });
});

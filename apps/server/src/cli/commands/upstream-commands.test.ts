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
import { SANDBOX_VALUES } from '../../modules/upstream/sandbox/sandbox-outcomes.js';

describe('npm run admin -- upstreams and routes', () => {
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
  }, 60_000);
  afterAll(() => t.close());

  it('adds and changes an upstream with its credentials never printed, and refuses to switch off the catalogue’s', async () => {
    const list = await run('upstreams', 'list');
    expect(list.code, list.err).toBe(0);
    expect(list.out).toMatch(
      /^vtpass +vtpass +on +VTpass +built-in sandbox +apiKey ••••-key, .*\(catalogue\) +\(set by the environment\)$/m,
    );
    expect(list.out).toMatch(
      /^clubkonnect +clubkonnect +on +Clubkonnect +built-in sandbox +userId ••••\w{4}, apiKey ••••-key$/m,
    );

    const added = await run(
      'upstreams',
      'add',
      '--id',
      'ck-backup',
      '--kind',
      'clubkonnect',
      '--name',
      'Backup',
      '--user-id',
      'CK0000777',
      '--api-key',
      'backup-secret-9f2c',
      '--disable',
    );
    expect(added.code, added.err).toBe(0);
    expect(added.out).toMatch(
      /^Upstream added: ck-backup +clubkonnect +off +Backup +built-in sandbox +userId ••••0777, apiKey ••••9f2c$/,
    );
    expect(added.out).not.toContain('backup-secret');

    const renamed = await run('upstreams', 'set', '--id', 'ck-backup', '--name', 'Backup CK', '--enable');
    expect(renamed.out, renamed.err).toMatch(/^Upstream saved: ck-backup +clubkonnect +on +Backup CK /);
    const rekeyed = await run(
      'upstreams',
      'set',
      '--id',
      'ck-backup',
      '--user-id',
      'CK0000888',
      '--api-key',
      'other-secret-1a2b',
    );
    expect(rekeyed.out, rekeyed.err).toMatch(/userId ••••0888, apiKey ••••1a2b$/);

    const halfKeys = await run('upstreams', 'set', '--id', 'ck-backup', '--api-key', 'only-one-key');
    expect(halfKeys.code).toBe(2);
    expect(halfKeys.err).toBe('Missing --user-id (a clubkonnect upstream signs with --user-id --api-key)');
    const off = await run('upstreams', 'set', '--id', 'vtpass', '--disable');
    expect(off.code).toBe(1);
    expect(off.err).toMatch(/The catalogue’s upstream cannot be switched off/);
    const unknown = await run('upstreams', 'set', '--id', 'nowhere', '--enable');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toBe('No upstream "nowhere". The upstreams: vtpass, ck-backup, clubkonnect');
  });

  it('routes MTN airtime to VTpass then Clubkonnect: VTpass’s definitive failure is delivered by Clubkonnect, charged once', async () => {
    const set = await run('routes', 'set', '--service', 'mtn', '--upstreams', 'vtpass,clubkonnect');
    expect(set.out, set.err).toBe('Route saved: mtn vtpass > clubkonnect');
    const routes = await run('routes', 'list');
    expect(routes.out).toMatch(/^mtn +MTN Airtime VTU +vtpass > clubkonnect$/m);
    expect(routes.out).toMatch(/^glo +GLO Airtime VTU +\(the catalogue's upstream\)$/m);
    const bad = await run('routes', 'set', '--service', 'glo', '--upstreams', 'vtpass,nowhere');
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/upstreams\.1: There is no upstream nowhere/);

    const agent = await registerAgent(t);
    await creditWallet(t.db, agent.user.id, 100_000n, { now: new Date(t.clock.now().getTime() - 1000) });
    const requestId = randomUUID();
    const bought = await t.request('POST', '/api/v1/agent/purchases', {
      token: agent.token,
      body: { service: 'airtime', requestId, network: 'mtn', phone: SANDBOX_VALUES.failure, amount: '100' },
    });
    expect(bought.body.data.status).toBe('delivered');
    const [order] = await t.db.query<{ upstream_id: string; price: bigint }>(
      'SELECT upstream_id, price FROM orders WHERE request_id = $1',
      [requestId],
    );
    expect(order!.upstream_id).toBe('clubkonnect');
    expect(await findWalletBalance(t.db, agent.user.id)).toBe(100_000n - order!.price);
    await expectLedgerHealthy(t.db);

    const cleared = await run('routes', 'set', '--service', 'mtn', '--upstreams', '');
    expect(cleared.out, cleared.err).toBe("Route saved: mtn (the catalogue's upstream)");
  });

  it('reads Clubkonnect’s plans, shows cost, price and margin, and maps one to a catalogue plan and back', async () => {
    const synced = await run('upstreams', 'sync-plans', '--id', 'clubkonnect');
    expect(synced.out, synced.err).toMatch(
      /^Plans read from the upstream: \d+ plans, [1-9]\d* newly matched, \d+ unmapped$/,
    );
    const plans = await run('upstreams', 'plans', '--id', 'clubkonnect', '--service', 'mtn-data');
    expect(plans.out).toMatch(
      /^mtn-data +1000\.01 +cost ₦350\.00 +sells mtn-1gb-500 +price ₦485\.00 +margin ₦135\.00$/m,
    );
    expect(plans.out).toMatch(/^mtn-data +500\.0 +cost ₦350\.00 +sells \(none\)$/m);

    const mapped = await run(
      'upstreams',
      'map',
      '--id',
      'clubkonnect',
      '--service',
      'mtn-data',
      '--code',
      '500.0',
      '--plan',
      'mtn-110mb-100',
    );
    expect(mapped.out, mapped.err).toBe('Plan mapped: 500.0 sells mtn-110mb-100');
    expect((await run('upstreams', 'plans', '--id', 'clubkonnect', '--service', 'mtn-data')).out).toMatch(
      /^mtn-data +500\.0 +cost ₦350\.00 +sells mtn-110mb-100 +price ₦97\.00 +margin -₦253\.00$/m,
    );
    const unmapped = await run(
      'upstreams',
      'map',
      '--id',
      'clubkonnect',
      '--service',
      'mtn-data',
      '--code',
      '500.0',
      '--plan',
      'none',
    );
    expect(unmapped.out, unmapped.err).toBe('Plan unmapped: 500.0 sells (none)');
    const wrong = await run(
      'upstreams',
      'map',
      '--id',
      'clubkonnect',
      '--service',
      'mtn-data',
      '--code',
      '500.0',
      '--plan',
      'glo-1gb',
    );
    expect(wrong.code).toBe(1);
    expect(wrong.err).toMatch(/variationCode: No such plan in the catalogue for this service/i);
    const catalogue = await run('upstreams', 'sync-plans', '--id', 'vtpass');
    expect(catalogue.code).toBe(1);
    expect(catalogue.err).toMatch(/sync the catalogue instead/);
  });
});

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../seed/demo-accounts.js';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { creditWallet } from '../../test/test-money.js';
import { operatorToken } from '../../test/test-operator.js';
import { SANDBOX_VALUES } from '../../modules/upstream/sandbox/sandbox-outcomes.js';
import { runAdminCaptured } from '../../test/run-admin-captured.js';

describe('npm run admin -- catalog and orders', () => {
  let t: TestApp;
  let env: NodeJS.ProcessEnv;
  const run = (...argv: string[]) => runAdminCaptured(argv, env);

  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    await operatorToken(t);
    env = {
      HOME: await mkdtemp(join(tmpdir(), 'admin-home-')),
      AGENTDESK_URL: t.url,
      AGENTDESK_ADMIN_IDENTIFIER: DEMO_OPERATOR.username,
      AGENTDESK_ADMIN_PASSWORD: DEMO_OPERATOR.password,
    };
  });
  afterAll(() => t.close());

  it('syncs the catalogue, sets a discount and a plan price', async () => {
    const synced = await run('catalog', 'sync');
    expect(synced.code, synced.err).toBe(0);
    expect(synced.out).toMatch(/Synced \d+ services and \d+ variations/);
    expect((await run('catalog', 'service', '--id', 'mtn', '--discount', '2.5')).code).toBe(0);
    expect(
      (await run('catalog', 'plan', '--service', 'glo-data', '--code', 'glo-2_9gb-1000', '--price', '950')).code,
    ).toBe(0);
    expect((await run('catalog', 'service', '--id', 'mtn', '--enabled', 'maybe')).code).toBe(2);
    const agent = await registerAgent(t);
    const services = (await t.request('GET', '/api/v1/agent/services', { token: agent.token })).body.data;
    expect(services.find((s: { id: string }) => s.id === 'mtn').discountPercent).toBe('2.50');
    const plan = services
      .find((s: { id: string }) => s.id === 'glo-data')
      .variations.find((v: { code: string }) => v.code === 'glo-2_9gb-1000');
    expect(plan.price).toBe('950.00');
  });

  it('lists stuck orders, requeries one, and refunds only on the upstream’s word or by force', async () => {
    await run('catalog', 'sync');
    const agent = await registerAgent(t);
    await creditWallet(t.db, agent.user.id, 100_000n, { now: new Date(t.clock.now().getTime() - 1000) });
    const buy = (requestId: string) =>
      t.request('POST', '/api/v1/agent/purchases', {
        token: agent.token,
        body: { service: 'airtime', requestId, network: 'airtel', phone: SANDBOX_VALUES.pendingPhone, amount: '100' },
      });
    await buy('stuck-order-0001');
    await buy('stuck-order-0002');
    await buy('stuck-order-0003');
    const pending = await run('orders', 'pending', '--older-than-hours', '0');
    expect(pending.code).toBe(0);
    const ids = [...pending.out.matchAll(/^([0-9a-f-]{36})/gm)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect((await run('orders', 'requery', '--id', ids[0]!)).out).toBe('The order is delivered');

    // The upstream delivered it: not refunded.
    const delivered = await run('orders', 'refund', '--id', ids[1]!, '--reason', 'The customer says it never came');
    expect(delivered.code, delivered.err).toBe(0);
    expect(delivered.out).toMatch(/^Not refunded: the upstream delivered this order \(000 /);

    // The upstream has no record of it: refused without --force, refunded with it.
    const { newRequestId } = await import('../../modules/upstream/vtpass/request-id.js');
    await t.db.query('UPDATE orders SET upstream_request_id = $2 WHERE id = $1', [ids[2], newRequestId(t.clock.now())]);
    const refused = await run('orders', 'refund', '--id', ids[2]!, '--reason', 'Never reached the upstream');
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/not definitive \(015 .*force/);
    const forced = await run('orders', 'refund', '--id', ids[2]!, '--reason', 'Never reached the upstream', '--force');
    expect(forced.code, forced.err).toBe(0);
    expect(forced.out).toMatch(/^Refunded by force: the upstream's answer was 015 .*\nRefunded ₦98\.00 to /);
    expect((await run('orders', 'refund', '--id', ids[2]!, '--reason', 'again', '--force')).code).toBe(1);
    expect((await run('orders', 'alerts')).out).toBe('No alerts.');
  });
});

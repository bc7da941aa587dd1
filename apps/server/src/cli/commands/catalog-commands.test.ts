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

  it('lists a stuck order, requeries it, and refunds another once', async () => {
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
    const pending = await run('orders', 'pending', '--older-than-hours', '0');
    expect(pending.code).toBe(0);
    const ids = [...pending.out.matchAll(/^([0-9a-f-]{36})/gm)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect((await run('orders', 'requery', '--id', ids[0]!)).out).toBe('The order is delivered');
    const refunded = await run('orders', 'refund', '--id', ids[1]!, '--reason', 'Confirmed failed with the upstream');
    expect(refunded.code, refunded.err).toBe(0);
    expect(refunded.out).toMatch(/^Refunded ₦\d+\.\d{2} to /);
    expect((await run('orders', 'refund', '--id', ids[1]!, '--reason', 'again')).code).toBe(1);
  });
});

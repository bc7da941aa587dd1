import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../test/test-app.js';
import { creditWallet, expectLedgerHealthy } from '../test/test-money.js';
import { operatorToken } from '../test/test-operator.js';
import { SANDBOX_VALUES } from '../modules/upstream/sandbox/sandbox-outcomes.js';
import { seedDemoRoutes } from './demo-routes.js';

describe('the demo’s routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token: await operatorToken(t) })).status).toBe(200);
  });
  afterAll(() => t.close());

  it('routes airtime and data to both sandboxes once, so VTpass’s failure number is sold by Clubkonnect', async () => {
    const log = pino({ level: 'silent' });
    expect(await seedDemoRoutes(t.app.upstreams, log)).toBe(true);
    const routes = await t.app.upstreams.routes();
    expect(routes.find((route) => route.serviceId === 'mtn-data')?.upstreams).toEqual(['vtpass', 'clubkonnect']);
    expect(routes.find((route) => route.serviceId === 'ikeja-electric')?.upstreams).toEqual([]);
    expect((await t.app.upstreams.plans('clubkonnect')).some((plan) => plan.variationCode !== null)).toBe(true);
    // A second start, or an operator's own routes: left alone.
    expect(await seedDemoRoutes(t.app.upstreams, log)).toBe(false);

    const agent = await registerAgent(t);
    await creditWallet(t.db, agent.user.id, 100_000n, { now: new Date(t.clock.now().getTime() - 1000) });
    const bought = await t.request('POST', '/api/v1/agent/purchases', {
      token: agent.token,
      body: {
        service: 'airtime',
        requestId: randomUUID(),
        network: 'glo',
        phone: SANDBOX_VALUES.failure,
        amount: '100',
      },
    });
    expect(bought.body.data.status).toBe('delivered');
    await expectLedgerHealthy(t.db);
  });
});

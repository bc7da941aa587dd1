import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { serverClient } from './test/server-client.js';
import { emptyServerDatabase, freePort, spawnServer as startServer, stopped, waitFor } from './test/server-process.js';

describe('a server killed with SIGKILL in the middle of a purchase', () => {
  const children: ChildProcess[] = [];
  let cleanup: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await cleanup?.();
  });

  it('resolves the order after a restart: delivered once, charged once, nothing lost', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      PORT: String(port),
      SEED_DEMO: '1',
      REQUERY_INTERVAL_MS: '300',
      UPSTREAM_TIMEOUT_MS: '6000',
    };
    const database = await emptyServerDatabase('crash');
    cleanup = database.drop;
    Object.assign(env, database.env);
    const { call, healthy, fundedAgent, agentLogin, operator } = serverClient(base);

    // 1. First start: catalogue synced from the sandbox; an agent of its own (on a first start the
    //    demo agent's history is seeded alongside), funded through the operator.
    let server = startServer(env);
    children.push(server);
    await healthy();
    const mine = await fundedAgent(5000);
    let agent = await agentLogin(mine);
    server.kill('SIGTERM');
    await stopped(server);

    // 2. Second start with a slow upstream: the debit commits, the call is in flight, and the process dies.
    server = startServer({ ...env, SANDBOX_LATENCY_MS: '4000' });
    children.push(server);
    await healthy();
    agent = await agentLogin(mine);
    const requestId = randomUUID();
    const purchase = call(
      'POST',
      '/api/v1/agent/purchases',
      { service: 'airtime', requestId, network: 'mtn', phone: '08031234567', amount: '1000' },
      agent,
    ).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    server.kill('SIGKILL');
    await stopped(server);
    await purchase;

    // 3. Restart: the worker asks the upstream (a new sandbox that never saw it), sends it again, and settles.
    server = startServer(env);
    children.push(server);
    await healthy();
    agent = await agentLogin(mine);
    const order = await waitFor(
      async () => {
        const state = await call('GET', `/api/v1/agent/purchases/${requestId}`, undefined, agent);
        return state.body.data?.status === 'delivered' ? state.body.data : undefined;
      },
      // The upstream has no record of it: it is sent again once its pay cannot be in flight any
      // more (timeout + 5 s after it was sent), which the restart has mostly waited out.
      45_000,
      'the order to be delivered',
    );
    expect(order).toMatchObject({ status: 'delivered', price: '980.00', refundTransactionId: null });
    const balance = await call('GET', '/api/v1/agent/wallet/balance', undefined, agent);
    expect(balance.body.data.availableBalance).toBe('4020.00');
    const check = await call('GET', '/api/v1/admin/ledger/check', undefined, await operator());
    expect(check.body.data).toEqual({ ok: true, violations: [] });
    server.kill('SIGTERM');
    await stopped(server);
  }, 300_000);
});

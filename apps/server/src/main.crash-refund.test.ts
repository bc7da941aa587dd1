import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_VALUES } from './modules/upstream/sandbox/sandbox-outcomes.js';
import { startSandboxProcess, type SandboxProcess } from './test/sandbox-process.js';
import { serverClient } from './test/server-client.js';
import { emptyServerDatabase, freePort, spawnServer, stopped, waitFor } from './test/server-process.js';

describe('a server killed while the upstream fails its order', () => {
  const children: ChildProcess[] = [];
  const sandboxes: SandboxProcess[] = [];
  let cleanup: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    for (const sandbox of sandboxes) await sandbox.stop();
    await cleanup?.();
  });

  it('refunds the definitive failure within 30 s of the crash, with the default settings', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const client = serverClient(base);
    const database = await emptyServerDatabase('crashrefund');
    cleanup = database.drop;

    // 1. First start against an upstream of its own, which outlives the server: catalogue, a funded agent.
    const quick = await startSandboxProcess();
    sandboxes.push(quick);
    const env = { PORT: String(port), SEED_DEMO: '1', ...database.env };
    let server = spawnServer({ ...env, UPSTREAM_BASE_URL: quick.baseUrl });
    children.push(server);
    await client.healthy();
    const agent = await client.fundedAgent(5000);
    server.kill('SIGTERM');
    await stopped(server);
    await quick.stop();

    // 2. A slow upstream (2 s a call): the order is in flight when the process dies; the upstream
    //    goes on and fails it (the sandbox's failure number).
    const slow = await startSandboxProcess({ SANDBOX_LATENCY_MS: '2000' });
    sandboxes.push(slow);
    server = spawnServer({ ...env, UPSTREAM_BASE_URL: slow.baseUrl });
    children.push(server);
    await client.healthy();
    let token = await client.agentLogin(agent);
    const requestId = randomUUID();
    const purchase = client
      .call(
        'POST',
        '/api/v1/agent/purchases',
        { service: 'airtime', requestId, network: 'mtn', phone: SANDBOX_VALUES.failure, amount: '1000' },
        token,
      )
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    server.kill('SIGKILL');
    const killedAt = Date.now();
    await stopped(server);
    await purchase;

    // 3. Restart, with every setting at its default: the requery finds the failure and refunds it.
    server = spawnServer({ ...env, UPSTREAM_BASE_URL: slow.baseUrl });
    children.push(server);
    await client.healthy();
    token = await client.agentLogin(agent);
    const order = await waitFor(
      async () => {
        const state = await client.call('GET', `/api/v1/agent/purchases/${requestId}`, undefined, token);
        return state.body.data?.status === 'failed' ? state.body.data : undefined;
      },
      30_000 - (Date.now() - killedAt),
      'the failed order to be refunded within 30 s of the crash',
    );
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    expect(order).toMatchObject({ status: 'failed', refundTransactionId: expect.any(String) });
    const balance = await client.call('GET', '/api/v1/agent/wallet/balance', undefined, token);
    expect(balance.body.data.availableBalance).toBe('5000.00');
    const check = await client.call('GET', '/api/v1/admin/ledger/check', undefined, await client.operator());
    expect(check.body.data).toEqual({ ok: true, violations: [] });
    server.kill('SIGTERM');
    await stopped(server);
  }, 300_000);
});

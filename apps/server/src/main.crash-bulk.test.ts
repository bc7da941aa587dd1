import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandboxProcess, type SandboxProcess } from './test/sandbox-process.js';
import { serverClient } from './test/server-client.js';
import { TEST_PIN } from './test/test-app.js';
import { emptyServerDatabase, freePort, spawnServer, stopped, waitFor } from './test/server-process.js';

const ROWS = 25;

describe('a server killed in the middle of a bulk purchase', () => {
  const children: ChildProcess[] = [];
  const sandboxes: SandboxProcess[] = [];
  let cleanup: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    for (const sandbox of sandboxes) await sandbox.stop();
    await cleanup?.();
  });

  it('finishes the batch after the restart and pays every row exactly once', async () => {
    const port = await freePort();
    const client = serverClient(`http://127.0.0.1:${port}`);
    const database = await emptyServerDatabase('crashbulk');
    cleanup = database.drop;
    // A short upstream time-out, so the claims of the killed process expire in 11 s.
    const env = { PORT: String(port), SEED_DEMO: '1', UPSTREAM_TIMEOUT_MS: '3000', ...database.env };

    // 1. First start against a quick upstream: the catalogue, a funded agent.
    const quick = await startSandboxProcess();
    sandboxes.push(quick);
    let server = spawnServer({ ...env, UPSTREAM_BASE_URL: quick.baseUrl });
    children.push(server);
    await client.healthy();
    const agent = await client.fundedAgent(5000);
    server.kill('SIGTERM');
    await stopped(server);
    await quick.stop();

    // 2. A slow upstream (1 s a call, 10 rows at a time): the batch is killed part-way.
    const slow = await startSandboxProcess({ SANDBOX_LATENCY_MS: '1000' });
    sandboxes.push(slow);
    server = spawnServer({ ...env, UPSTREAM_BASE_URL: slow.baseUrl });
    children.push(server);
    await client.healthy();
    let token = await client.agentLogin(agent);
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      network: 'mtn',
      phone: `0803${String(1_000_000 + i).padStart(7, '0')}`,
      amount: '100',
    }));
    const created = await client.call(
      'POST',
      '/api/v1/agent/bulk-purchases',
      { service: 'airtime', clientKey: randomUUID(), pin: TEST_PIN, rows },
      token,
    );
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    // Killed as soon as some rows are charged (their orders exist, pays in flight): with 1 s a
    // pay and 10 rows a round, the last rows are still seconds away.
    const charged = await waitFor(
      async () => {
        const history = await client.call(
          'GET',
          '/api/v1/agent/transactions?type=purchase&limit=100',
          undefined,
          token,
        );
        const count = (history.body.data as unknown[] | undefined)?.length ?? 0;
        return count > 0 ? count : undefined;
      },
      30_000,
      'the first rows to be charged',
      50,
    );
    server.kill('SIGKILL');
    expect(charged).toBeLessThan(ROWS);
    await stopped(server);

    // 3. Restart with the defaults: the worker claims the rows again once the claims expire.
    server = spawnServer({ ...env, UPSTREAM_BASE_URL: slow.baseUrl });
    children.push(server);
    await client.healthy();
    token = await client.agentLogin(agent);
    const midway = await client.call('GET', `/api/v1/agent/bulk-purchases/${id}`, undefined, token);
    expect(midway.body.data.counts.queued).toBeGreaterThan(0);
    const batch = await waitFor(
      async () => {
        const state = await client.call('GET', `/api/v1/agent/bulk-purchases/${id}`, undefined, token);
        return state.body.data?.status === 'done' ? state.body.data : undefined;
      },
      90_000,
      'the bulk purchase to finish after the restart',
    );
    expect(batch.counts).toMatchObject({ total: ROWS, delivered: ROWS, failed: 0 });
    // ₦98 a row, once each.
    expect(batch.totalCharged).toBe(`${(ROWS * 98).toFixed(2)}`);
    const balance = await client.call('GET', '/api/v1/agent/wallet/balance', undefined, token);
    expect(balance.body.data.availableBalance).toBe(`${(5000 - ROWS * 98).toFixed(2)}`);
    const history = await client.call('GET', '/api/v1/agent/transactions?type=purchase&limit=100', undefined, token);
    expect(history.body.data).toHaveLength(ROWS);
    const check = await client.call('GET', '/api/v1/admin/ledger/check', undefined, await client.operator());
    expect(check.body.data).toEqual({ ok: true, violations: [] });
    server.kill('SIGTERM');
    await stopped(server);
  }, 300_000);
});

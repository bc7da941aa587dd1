import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from './seed/demo-accounts.js';
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
    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as { data: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    // Generous: a restart after a crash first waits for the dead process's lock to go stale, on a busy machine.
    const healthy = () =>
      waitFor(async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined), 120_000, 'the server');

    // 1. First start: catalogue synced from the sandbox; fund a new agent through the operator.
    let server = startServer(env);
    children.push(server);
    await healthy();
    await waitFor(
      async () => ((await call('GET', '/api/v1/agent/services')).status === 401 ? true : undefined),
      5000,
      'routes',
    );
    const operator = (
      await call('POST', '/api/v1/admin/auth/login', {
        identifier: DEMO_OPERATOR.username,
        password: DEMO_OPERATOR.password,
      })
    ).body.data.authorization.token as string;
    // An agent of its own: on a first start the demo agent's history is seeded alongside.
    const suffix = randomBytes(4).toString('hex');
    const mine = { username: `crash_${suffix}`, password: 'CrashPass#2026' };
    expect(
      (
        await call('POST', '/api/v1/agent/auth/register', {
          firstName: 'Ada',
          lastName: 'Okafor',
          username: mine.username,
          email: `crash.${suffix}@example.com`,
          phone: `080${String(parseInt(suffix, 16) % 1e8).padStart(8, '0')}`,
          password: mine.password,
          confirmPassword: mine.password,
        })
      ).status,
    ).toBe(201);
    const agentLogin = async () =>
      (await call('POST', '/api/v1/agent/auth/login', { identifier: mine.username, password: mine.password })).body.data
        .authorization.token as string;
    let agent = await agentLogin();
    await waitFor(
      async () =>
        (await call('GET', '/api/v1/agent/services', undefined, agent)).body.data.length > 0 ? true : undefined,
      30_000,
      'catalogue',
    );
    const account = await call(
      'POST',
      '/api/v1/admin/funding-accounts',
      { bankName: 'GTBank', bankCode: '058', accountNumber: '0123456785', accountName: 'Provider' },
      operator,
    );
    const report = await call(
      'POST',
      '/api/v1/agent/funding-requests',
      {
        accountId: account.body.data.id,
        amount: '5000',
        senderName: 'Ada',
        reference: `CRASH-${randomBytes(3).toString('hex')}`,
        transferDate: '2026-01-02',
      },
      agent,
    );
    expect(
      (await call('POST', `/api/v1/admin/funding-requests/${report.body.data.id}/approve`, undefined, operator)).status,
    ).toBe(200);
    server.kill('SIGTERM');
    await stopped(server);

    // 2. Second start with a slow upstream: the debit commits, the call is in flight, and the process dies.
    server = startServer({ ...env, SANDBOX_LATENCY_MS: '4000' });
    children.push(server);
    await healthy();
    agent = await agentLogin();
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
    agent = await agentLogin();
    const order = await waitFor(
      async () => {
        const state = await call('GET', `/api/v1/agent/purchases/${requestId}`, undefined, agent);
        return state.body.data?.status === 'delivered' ? state.body.data : undefined;
      },
      // The order in flight is left alone for its lease (timeout + 15 s) before it is requeried.
      45_000,
      'the order to be delivered',
    );
    expect(order).toMatchObject({ status: 'delivered', price: '980.00', refundTransactionId: null });
    const balance = await call('GET', '/api/v1/agent/wallet/balance', undefined, agent);
    expect(balance.body.data.availableBalance).toBe('4020.00');
    const check = await call(
      'GET',
      '/api/v1/admin/ledger/check',
      undefined,
      (
        await call('POST', '/api/v1/admin/auth/login', {
          identifier: DEMO_OPERATOR.username,
          password: DEMO_OPERATOR.password,
        })
      ).body.data.authorization.token,
    );
    expect(check.body.data).toEqual({ ok: true, violations: [] });
    server.kill('SIGTERM');
    await stopped(server);
  }, 300_000);
});

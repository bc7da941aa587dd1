import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT, DEMO_OPERATOR } from '../seed/demo-accounts.js';
import { serverClient } from '../test/server-client.js';
import { emptyServerDatabase, freePort, spawnServer, stopped, waitFor } from '../test/server-process.js';
import { isConnectionLost } from './connection-errors.js';
import { openPostgresDatabase } from './postgres-database.js';

const ROUNDS = 40;
const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('this file runs in project server-postgres, with TEST_DATABASE_URL');

describe('a transaction whose connection is terminated', () => {
  it('fails with a connection-lost error, and the pool hands out a new connection afterwards', async () => {
    const heard: Error[] = [];
    const db = openPostgresDatabase({ url, poolSize: 1, onConnectionError: (error) => heard.push(error) });
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    try {
      const first = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const failed = await db
        .transaction(async (tx) => {
          const [{ pid }] = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')) as [{ pid: number }];
          await killer.query('SELECT pg_terminate_backend($1)', [pid]);
          // The 'error' event on the checked-out client arrives here, with no process to kill.
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.query('SELECT 1');
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(isConnectionLost(failed), String(failed)).toBe(true);
      expect(heard.some((error) => isConnectionLost(error))).toBe(true);
      // One connection in the pool: the dead one was discarded, not handed out again.
      const [after] = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(after!.pid).not.toBe(first[0]!.pid);
      expect(await db.transaction((tx) => tx.query('SELECT 1 AS one'))).toEqual([{ one: 1 }]);
    } finally {
      await killer.end();
      await db.close();
    }
  });
});

// Project server-postgres only: PGlite has no connections to drop.
describe('a server whose PostgreSQL connections are terminated under load', () => {
  let server: ReturnType<typeof spawnServer> | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  afterAll(async () => {
    server?.kill('SIGKILL');
    if (server) await stopped(server);
    await cleanup?.();
  });

  it('stays up, answers 200 or 503 (never 500), and recovers by itself', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const database = await emptyServerDatabase('dropped');
    cleanup = database.drop;
    const name = new URL(database.env.DATABASE_URL!).pathname.slice(1);
    server = spawnServer(
      { ...database.env, PORT: String(port), SEED_DEMO: '1', AUTH_IP_LIMIT_PER_MINUTE: '100000' },
      { captureOutput: true },
    );
    const child = server;
    let exited: string | undefined;
    child.once('exit', (code, signal) => (exited = `exited with ${code ?? signal}`));

    const { call } = serverClient(base);
    const login = (path: string, account: { username: string; password: string }) =>
      call('POST', path, { identifier: account.username, password: account.password });
    const agentLogin = () => login('/api/v1/agent/auth/login', DEMO_AGENT);
    const operatorLogin = () => login('/api/v1/admin/auth/login', DEMO_OPERATOR);

    // Started, and its first start's work (catalogue, demo history) done: it prints its address.
    await waitFor(async () => (child.output().includes('is running at') ? true : undefined), 120_000, 'the server');
    const token = (await agentLogin()).body.data.authorization.token as string;

    // Clients that keep asking, each its own mix, while another connection terminates every
    // backend of the server's database, round after round.
    const statuses = new Map<string, number>();
    const unexpected: string[] = [];
    const failures: string[] = [];
    let storming = true;
    const record = async (what: string, request: () => Promise<{ status: number; body: { code?: string } }>) => {
      try {
        const { status, body } = await request();
        statuses.set(`${what} ${status}`, (statuses.get(`${what} ${status}`) ?? 0) + 1);
        // The health check's own 503 says "Database unreachable"; everything else's is the envelope's.
        const expected =
          status === 200 ||
          (what === 'login' && body.code === 'INVALID_CREDENTIALS') ||
          (status === 503 && (what === 'health' || body.code === 'SERVICE_UNAVAILABLE'));
        if (!expected) {
          unexpected.push(`${what}: ${status} ${JSON.stringify(body)}`);
        }
      } catch (error) {
        failures.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    // Reads on the pool, a transaction (the connection checked out for its length), a login's
    // lookup (an unknown name each time: a real account's logins are limited to 10 in 15 minutes).
    const requests = [
      ['health', () => call('GET', '/api/health')],
      ['balance', () => call('GET', '/api/v1/agent/wallet/balance', undefined, token)],
      ['read-all', () => call('POST', '/api/v1/agent/notify/read-all', undefined, token)],
      ['login', () => login('/api/v1/agent/auth/login', { username: `nobody_${Math.random()}`, password: 'x' })],
    ] as const;
    const drive = async (i: number) => {
      for (; storming && !exited; i++) {
        const [what, request] = requests[i % requests.length]!;
        await record(what, request);
      }
    };
    const drivers = Array.from({ length: 8 }, (_, i) => drive(i));

    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    let terminated = 0;
    try {
      for (let round = 0; round < ROUNDS && !exited; round++) {
        const { rows } = await killer.query<{ done: boolean }>(
          'SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        terminated += rows.filter((row) => row.done).length;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
      }
    } finally {
      storming = false;
      await Promise.all(drivers);
      await killer.end();
    }

    console.info('during the storm:', Object.fromEntries(statuses), `backends terminated: ${terminated}`);
    expect(exited, child.output().slice(-3000)).toBeUndefined();
    expect(terminated).toBeGreaterThan(ROUNDS);
    expect(unexpected).toEqual([]);
    // A request in flight may fail, with a 503; its socket is never dropped by a dying process.
    expect(failures, JSON.stringify(Object.fromEntries(statuses))).toEqual([]);

    // Back by itself, with no restart: the pool opens new connections for what comes next.
    await waitFor(async () => ((await call('GET', '/api/health')).status === 200 ? true : undefined), 10_000, 'health');
    expect((await agentLogin()).status).toBe(200);
    expect((await operatorLogin()).status).toBe(200);
    expect((await call('GET', '/api/v1/agent/wallet/balance', undefined, token)).status).toBe(200);
    expect(exited).toBeUndefined();
  }, 240_000);
});

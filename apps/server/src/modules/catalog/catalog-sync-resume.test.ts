import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/open-database.js';
import { serverClient } from '../../test/server-client.js';
import { emptyServerDatabase, freePort, spawnServer, stopped, waitFor } from '../../test/server-process.js';
import { SANDBOX_SERVICES } from '../upstream/sandbox/catalogue.js';

/** What the sandbox sells: every service, and the plans an agent sees (face value above zero). */
const EXPECTED = Object.fromEntries(
  SANDBOX_SERVICES.map((service) => [
    service.serviceID,
    (service.variations ?? [])
      .filter((variation) => variation.amount > 0)
      .map((variation) => variation.code)
      .sort(),
  ]),
);

async function countServices(env: Record<string, string>): Promise<number> {
  const db = await openDatabase(loadConfig(env));
  try {
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalog_services');
    return row!.n;
  } finally {
    await db.close();
  }
}

describe('a server killed with SIGKILL during its first catalogue sync', () => {
  const children: ChildProcess[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await drop?.();
  });

  it("completes the catalogue on the next start, and says 'starting' until it has", async () => {
    const database = await emptyServerDatabase('catalog_resume');
    drop = database.drop;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), SEED_DEMO: '0', ...database.env };
    const health = async () => {
      const response = await fetch(`${base}/api/health`);
      return { status: response.status, body: (await response.json()) as { data: { status: string } } };
    };

    // 1. A first start whose upstream answers slowly (the 30 services take ~12 s to sync): once
    //    it listens its sync has begun; SIGKILL it a few services in.
    let server = spawnServer({ ...env, SANDBOX_LATENCY_MS: '400' });
    children.push(server);
    const during = await waitFor(health, 60_000, 'the server to listen', 50);
    if (process.env.TEST_DB === 'postgres') {
      // The database can be read while the server runs: kill it once the first services are in.
      await waitFor(async () => ((await countServices(env)) > 0 ? true : undefined), 20_000, 'a first service');
    } else {
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    server.kill('SIGKILL');
    await stopped(server);
    const partial = await countServices(env);
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(SANDBOX_SERVICES.length);

    // 2. Restart, the upstream fast again: the sync runs again (the services are there, but no
    //    completed sync is recorded) and completes. Health is 200 only once it has.
    server = spawnServer(env);
    children.push(server);
    const ready = await waitFor(
      async () => ((await health()).status === 200 ? true : undefined),
      // A restart after a crash first waits for the dead process's lock to go stale (PGlite).
      60_000,
      'the server to be ready',
    );
    expect(ready).toBe(true);
    // No waiting from here: 200 means the catalogue is complete.
    const { call, registeredAgent, agentLogin } = serverClient(base);
    const token = await agentLogin(await registeredAgent());
    const services = await call('GET', '/api/v1/agent/services', undefined, token);
    expect(services.status).toBe(200);
    const listed = Object.fromEntries(
      (services.body.data as Array<{ id: string; variations: Array<{ code: string }> }>).map((service) => [
        service.id,
        service.variations.map((variation) => variation.code).sort(),
      ]),
    );
    expect(Object.keys(listed)).toHaveLength(SANDBOX_SERVICES.length);
    expect(listed).toEqual(EXPECTED);

    // The first start, while its sync ran, told load balancers to keep away.
    expect(during).toMatchObject({ status: 503, body: { data: { status: 'starting' } } });
    server.kill('SIGTERM');
    expect(await stopped(server)).toBe(0);
  }, 120_000);
});

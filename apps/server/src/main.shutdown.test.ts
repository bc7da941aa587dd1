import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { openDatabase } from './db/open-database.js';
import { DEMO_AGENT } from './seed/demo-accounts.js';
import { DEMO_SALES } from './seed/demo-life.js';
import { emptyServerDatabase, freePort, spawnServer, stopped, waitFor } from './test/server-process.js';

describe('a server stopped during its first start', () => {
  let drop: (() => Promise<void>) | undefined;
  afterAll(() => drop?.());

  it('finishes the catalogue and the demo history before it exits', async () => {
    const database = await emptyServerDatabase('shutdown');
    drop = database.drop;
    const port = await freePort();
    const env = { PORT: String(port), SEED_DEMO: '1', ...database.env };
    const server = spawnServer(env, { captureOutput: true });
    // SIGTERM as soon as it answers: the first start's work (after listen) has only begun.
    await waitFor(
      async () => ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok ? true : undefined),
      60_000,
      'the server',
      10,
    );
    server.kill('SIGTERM');
    expect(await stopped(server)).toBe(0);
    expect(server.output()).not.toMatch(/is closed|failed/i);

    const db = await openDatabase(loadConfig(env));
    try {
      const [services] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalog_services');
      expect(services!.n).toBeGreaterThan(0);
      const [orders] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE u.username = $1',
        [DEMO_AGENT.username],
      );
      // Every sale of the demo history, and today's two.
      expect(orders!.n).toBe(DEMO_SALES.length + 2);
    } finally {
      await db.close();
    }
  }, 120_000);
});

import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open-database.js';
import { systemClock } from './lib/clock.js';
import { createLogger } from './lib/logger.js';
import { loadServerSecret } from './lib/server-secret.js';
import { isCatalogSynced } from './modules/catalog/catalog.repo.js';
import { syncCatalog } from './modules/catalog/catalog-sync.service.js';
import { demoAccountsOpen, seedDemoAccounts } from './seed/demo-accounts.js';
import { seedDemoLife } from './seed/demo-life.js';
import { seedDemoRoutes } from './seed/demo-routes.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The catalogue sync's retries while the upstream is unreachable: 30 s, doubling, at most 5 min. */
const SYNC_RETRY_FIRST_MS = 30_000;
const SYNC_RETRY_MAX_MS = 300_000;

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  const release =
    config.database.kind === 'pglite' ? await lockDataDir(config.database.dataDir, { waitForStale: true }) : undefined;
  const db = await openDatabase(config, { log: logger });
  const applied = await migrate(db);
  if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');

  const demo = config.seedDemo ? await seedDemoAccounts(db, logger) : await demoAccountsOpen(db);
  // Demo accounts open with the README's passwords must not be reachable from the network.
  const host = config.host ?? (demo.length > 0 ? '127.0.0.1' : '0.0.0.0');
  const secretKey = await loadServerSecret(config.secretKey, config.dataDir);
  if (!config.secretKey && config.database.kind === 'postgres') {
    logger.warn(
      'SECRET_KEY is not set: using DATA_DIR/secret.key. Every server sharing this database needs the same SECRET_KEY.',
    );
  }
  const app = await buildApp({ config, db, logger, secretKey });

  // A first start's work (catalogue, demo history) runs after listen, since the catalogue comes
  // from the sandbox mounted in this server. A stop waits for it: cut short, the demo history
  // would leave a demo agent with half a history that later starts would never complete. The
  // catalogue sync is the exception: it is resumable, so a stop aborts it (and its retries) at
  // the next service, and the next start completes it.
  let firstStart: Promise<void> = Promise.resolve();
  let stopping = false;
  const shutdown = new AbortController();
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    shutdown.abort();
    await firstStart;
    await app.close();
    await db.close();
    await release?.();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const address = await app.listen({ port: config.port, host });
  // Resolves once the first attempt at the catalogue is over (and, when it completed, the demo
  // history is seeded): the banner waits for it, later attempts go on in the background.
  let firstAttemptOver: () => void = () => undefined;
  const firstAttempt = new Promise<void>((resolve) => (firstAttemptOver = resolve));
  /** Syncs the catalogue unless a full sync is recorded (a sync cut short leaves none); true once complete. */
  const catalogueComplete = async (retryInMs: number): Promise<boolean> => {
    try {
      if (await isCatalogSynced(db)) return true;
      const report = await syncCatalog({ db, clock: systemClock, upstream: app.upstream, signal: shutdown.signal });
      logger.info(report, 'catalogue synced from the upstream');
      return true;
    } catch (error) {
      if (!shutdown.signal.aborted) {
        logger.warn(
          { err: error, retryInSeconds: retryInMs / 1000 },
          'catalogue sync failed; retrying (or run: npm run admin -- catalog sync)',
        );
      }
      return false;
    }
  };
  firstStart = (async () => {
    // Until one completes, /api/health answers 503 'starting'; the server serves meanwhile.
    for (let retryInMs = SYNC_RETRY_FIRST_MS; !(await catalogueComplete(retryInMs));) {
      firstAttemptOver();
      const waited = await sleep(retryInMs, true, { signal: shutdown.signal }).catch(() => false);
      if (!waited) return;
      retryInMs = Math.min(retryInMs * 2, SYNC_RETRY_MAX_MS);
    }
    // Not begun by a stop: the next start seeds it.
    if (shutdown.signal.aborted) return;
    if (config.seedDemo && config.upstream.sandbox) {
      // A fresh demo database: give the demo agent weeks of history (once; later starts skip it).
      const started = Date.now();
      const fresh = await seedDemoLife({ db, log: logger }).catch((error: unknown) =>
        logger.warn({ err: error }, 'demo history failed'),
      );
      if (fresh) logger.info({ ms: Date.now() - started }, 'demo agent history seeded');
      // The same first start, with both sandboxes and no route yet: airtime and data fail over
      // from one to the other. Never again: routes an operator removed stay removed.
      if (fresh && config.seedDemoRoutes) {
        await seedDemoRoutes(app.upstreams, logger).catch((error: unknown) =>
          logger.warn({ err: error }, 'demo routes failed'),
        );
      }
    }
  })().finally(firstAttemptOver);
  await firstAttempt;
  if (stopping) return;
  const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const url = `${shown}${config.basePath}`;
  const lines = [
    '',
    `  ${config.brandName} is running at ${url}`,
    config.database.kind === 'pglite'
      ? `  Database: embedded PGlite in ${config.database.dataDir} (single process, no fsync: for demos and development, not for real money)`
      : '  Database: PostgreSQL (DATABASE_URL)',
    ...demo.map(
      (account) =>
        `  Demo ${account.role}: username ${account.username}, password ${account.password}` +
        (account.pin ? `, transaction PIN ${account.pin}` : ''),
    ),
    ...(demo.length > 0 && !config.host
      ? [
          '  Listening on this machine only (127.0.0.1): the demo passwords are public. To serve the',
          '  network, change or remove the demo accounts, or set HOST (e.g. HOST=0.0.0.0).',
        ]
      : []),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

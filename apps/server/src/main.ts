import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open-database.js';
import { systemClock } from './lib/clock.js';
import { createLogger } from './lib/logger.js';
import { loadServerSecret } from './lib/server-secret.js';
import { countServices } from './modules/catalog/catalog.repo.js';
import { syncCatalog } from './modules/catalog/catalog-sync.service.js';
import { seedDemoAccounts } from './seed/demo-accounts.js';
import { seedDemoLife } from './seed/demo-life.js';

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

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  const release =
    config.database.kind === 'pglite' ? await lockDataDir(config.database.dataDir, { waitForStale: true }) : undefined;
  const db = await openDatabase(config);
  const applied = await migrate(db);
  if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');

  const demo = config.seedDemo ? await seedDemoAccounts(db, logger) : [];
  const secretKey = await loadServerSecret(config.secretKey, config.dataDir);
  if (!config.secretKey && config.database.kind === 'postgres') {
    logger.warn(
      'SECRET_KEY is not set: using DATA_DIR/secret.key. Every server sharing this database needs the same SECRET_KEY.',
    );
  }
  const app = await buildApp({ config, db, logger, secretKey });

  // A first start's work (catalogue, demo history) runs after listen, since the catalogue comes
  // from the sandbox mounted in this server. A stop waits for it: cut short, it would leave a
  // demo agent with half a history that later starts would never complete.
  let firstStart: Promise<void> = Promise.resolve();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await firstStart;
    await app.close();
    await db.close();
    await release?.();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  firstStart = (async () => {
    if ((await countServices(db)) === 0) {
      // A first start: fill the catalogue from the upstream (the sandbox by default).
      const report = await syncCatalog({ db, clock: systemClock, upstream: app.upstream }).catch((error: unknown) => {
        logger.warn({ err: error }, 'catalogue sync failed; run: npm run admin -- catalog sync');
        return undefined;
      });
      if (report) logger.info(report, 'catalogue synced from the upstream');
    }
    if (config.seedDemo && config.upstream.sandbox) {
      // A fresh demo database: give the demo agent weeks of history (once; later starts skip it).
      const started = Date.now();
      if (
        await seedDemoLife({ db, log: logger }).catch((error: unknown) =>
          logger.warn({ err: error }, 'demo history failed'),
        )
      )
        logger.info({ ms: Date.now() - started }, 'demo agent history seeded');
    }
  })();
  await firstStart;
  if (stopping) return;
  const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const url = `${shown}${config.basePath}`;
  const lines = [
    '',
    `  ${config.brandName} is running at ${url}`,
    config.database.kind === 'pglite'
      ? `  Database: embedded PGlite in ${config.database.dataDir} (single process, no fsync: for demos and development, not for real money)`
      : '  Database: PostgreSQL (DATABASE_URL)',
    ...demo.map((account) => `  Demo ${account.role}: username ${account.username}, password ${account.password}`),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

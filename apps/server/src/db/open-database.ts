import { mkdir } from 'node:fs/promises';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Database } from './database.js';
import { openPgliteDatabase } from './pglite-database.js';
import { openPostgresDatabase } from './postgres-database.js';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR. */
export async function openDatabase(
  config: Pick<Config, 'database'>,
  options: { log?: Pick<Logger, 'warn'> } = {},
): Promise<Database> {
  if (config.database.kind === 'postgres') {
    const { log } = options;
    return openPostgresDatabase({
      url: config.database.url,
      poolSize: config.database.poolSize,
      // A dropped connection costs the request that held it a 503; the process carries on.
      ...(log ? { onConnectionError: (error) => log.warn({ err: error }, 'a database connection was lost') } : {}),
    });
  }
  await mkdir(config.database.dataDir, { recursive: true });
  return openPgliteDatabase(config.database.dataDir);
}

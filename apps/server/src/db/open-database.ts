import { mkdir } from 'node:fs/promises';
import type { Config } from '../config.js';
import type { Database } from './database.js';
import { openPgliteDatabase } from './pglite-database.js';
import { openPostgresDatabase } from './postgres-database.js';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR. */
export async function openDatabase(config: Pick<Config, 'database'>): Promise<Database> {
  if (config.database.kind === 'postgres') {
    return openPostgresDatabase({ url: config.database.url, poolSize: config.database.poolSize });
  }
  await mkdir(config.database.dataDir, { recursive: true });
  return openPgliteDatabase(config.database.dataDir);
}

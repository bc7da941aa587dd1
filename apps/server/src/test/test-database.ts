import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { openPgliteDatabase } from '../db/pglite-database.js';
import { openPostgresDatabase } from '../db/postgres-database.js';

let snapshot: Promise<Blob | undefined> | undefined;

/** The migrated tarball the project's global setup made (pglite-snapshot.setup.ts), read once. */
function migratedSnapshot(): Promise<Blob | undefined> {
  const file = inject('pgliteSnapshot');
  snapshot ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return snapshot;
}

/**
 * A migrated database of its own for one test file: in-memory PGlite (loaded from the run's
 * migrated snapshot when there is one), or (project server-postgres) a fresh schema on
 * TEST_DATABASE_URL that is dropped on close.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    const loadDataDir = await migratedSnapshot();
    const db = await openPgliteDatabase(undefined, loadDataDir ? { loadDataDir } : {});
    // Nothing to apply when loaded from the snapshot; from empty otherwise.
    await migrate(db);
    return db;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = openPostgresDatabase({ url, poolSize: 10, schema });
  await migrate(db);
  return {
    ...db,
    async close() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { INT8_OID, parseInt8, type Database, type Queryable } from './database.js';
import type { PreparedSql } from './prepared.js';

export interface PgliteDatabase extends Database {
  /** The whole data directory as a tarball, for `loadDataDir` (test snapshots). */
  dumpDataDir(): Promise<Blob>;
}

/**
 * The embedded database: PostgreSQL compiled to WebAssembly, one connection, in one
 * process. `dataDir` undefined keeps it in memory (tests). `loadDataDir` starts it from a
 * tarball made by `dumpDataDir` instead of a fresh initdb (seconds faster).
 */
export async function openPgliteDatabase(
  dataDir?: string,
  options: { loadDataDir?: Blob } = {},
): Promise<PgliteDatabase> {
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { [INT8_OID]: parseInt8 },
    // Trigram indexes back the transaction search (PostgreSQL ships pg_trgm in contrib).
    extensions: { pg_trgm },
  });

  const runner = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T extends object>(sql: string | PreparedSql, params: readonly unknown[] = []) {
      const result = await target.query<T>(typeof sql === 'string' ? sql : sql.text, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });

  return {
    kind: 'pglite',
    ...runner(pg),
    // PGlite serialises a transaction against every other query of the instance.
    transaction: (work) => pg.transaction((tx) => work(runner(tx))),
    // One connection: a commit's notifications reach the listeners before the commit returns.
    notifications: {
      live: true,
      async listen(channel, handlers) {
        await pg.listen(channel, (payload) => handlers.notice(payload));
      },
      delivered: async () => undefined,
      close: async () => undefined,
    },
    close: () => pg.close(),
    dumpDataDir: async () => pg.dumpDataDir('none'),
  };
}

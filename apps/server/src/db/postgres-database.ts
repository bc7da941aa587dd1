import pg from 'pg';
import { INT8_OID, parseInt8, type Database, type Queryable } from './database.js';
import { openPostgresNotifications } from './postgres-notifications.js';
import type { PreparedSql } from './prepared.js';

export interface PostgresOptions {
  url: string;
  poolSize: number;
  /** A schema to work in (tests give each file its own). */
  schema?: string;
}

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
    oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A real PostgreSQL through a connection pool. */
export function openPostgresDatabase(options: PostgresOptions): Database {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    types,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);

  const runner = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends object>(sql: string | PreparedSql, params: readonly unknown[] = []) {
      const result = await target.query<T>(
        typeof sql === 'string' ? { text: sql, values: params as unknown[] } : { ...sql, values: params as unknown[] },
      );
      return result.rows;
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which takes several statements.
      await target.query(sql);
    },
  });

  const notifications = openPostgresNotifications(options.url);

  return {
    kind: 'postgres',
    ...runner(pool),
    notifications,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(runner(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await notifications.close();
      await pool.end();
    },
  };
}

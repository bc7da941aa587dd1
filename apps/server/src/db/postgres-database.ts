import pg from 'pg';
import { INT8_OID, parseInt8, type Database, type Queryable } from './database.js';
import { openPostgresNotifications } from './postgres-notifications.js';
import type { PreparedSql } from './prepared.js';

export interface PostgresOptions {
  url: string;
  poolSize: number;
  /** A schema to work in (tests give each file its own). */
  schema?: string;
  /** How long a query waits for a pooled connection before it fails (a 503); 5 s unless told. */
  connectionTimeoutMillis?: number;
  /**
   * Hears a connection's error (a backend terminated, PostgreSQL restarted): the pool has
   * already dropped that connection, and the query on it, if any, fails by itself.
   */
  onConnectionError?: (error: Error) => void;
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
    // With PostgreSQL down, a request fails (503) in seconds rather than waits for ever.
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5_000,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const onConnectionError = options.onConnectionError ?? (() => undefined);
  // A dropped connection (pg_terminate_backend, a restart, a network cut) emits 'error' on its
  // client, and an 'error' with no listener ends the process. pg-pool listens only while a
  // client is idle (then re-emits it here, on the pool); a client checked out by transaction()
  // or in the middle of pool.query must have a listener of its own, for its whole life. The
  // query running on it rejects by itself, and the client is released with that error, so the
  // pool discards it and the next query opens a new connection.
  pool.on('error', (error) => onConnectionError(error));
  pool.on('connect', (client) => {
    client.on('error', (error) => onConnectionError(error));
  });

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
      // The error that broke the connection, if one did: the pool must not hand it out again.
      let broken: Error | undefined;
      const onBroken = (error: Error) => (broken ??= error);
      client.on('error', onBroken);
      try {
        await client.query('BEGIN');
        const result = await work(runner(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // On a dead connection ROLLBACK fails too; PostgreSQL has rolled back already. Its
        // failure must not replace the error that says what went wrong.
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken ??= rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      } finally {
        client.off('error', onBroken);
        // release(error) destroys the client instead of returning it to the pool.
        client.release(broken);
      }
    },
    async close() {
      await notifications.close();
      await pool.end();
    },
  };
}

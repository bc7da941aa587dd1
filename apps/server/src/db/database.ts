import type { Notifications } from './notifications.js';
import type { PreparedSql } from './prepared.js';

/** A row-returning query runner: the whole surface repositories see. */
export interface Queryable {
  query<T extends object = Record<string, unknown>>(
    sql: string | PreparedSql,
    params?: readonly unknown[],
  ): Promise<T[]>;
  /** Runs a script of several statements with no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `work` in one database transaction: committed when it resolves, rolled back when
   * it throws. Every write goes through here, so a state change and the money that pays
   * for it commit together or not at all.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Word of committed changes (LISTEN/NOTIFY), for caches that must never serve a stale row. */
  readonly notifications: Notifications;
  close(): Promise<void>;
}

/** int8 as bigint on both drivers, so no kobo ever passes through a float. */
export const INT8_OID = 20;
export const parseInt8 = (value: string): bigint => BigInt(value);

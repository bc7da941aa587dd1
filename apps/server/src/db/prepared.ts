import { createHash } from 'node:crypto';

/**
 * A statement PostgreSQL parses and plans once per connection rather than on every call: for
 * the few statements every purchase runs (bench/README.md, docs/decisions/023). Its result
 * columns must be named: a prepared `SELECT *` fails ("cached plan must not change result
 * type") once a migration adds a column to the table under a running server. PGlite runs it
 * as any other statement.
 */
export interface PreparedSql {
  readonly name: string;
  readonly text: string;
}

/** A star that does not widen the result: `count(*)`, or a whole row turned into one jsonb value. */
const FIXED_STARS = /count\(\*\)|to_jsonb\(\w+\.\*\)/gi;

export function prepared(text: string): PreparedSql {
  if (text.replace(FIXED_STARS, '').includes('*')) {
    throw new Error(`a prepared statement names its columns: ${text.slice(0, 80)}`);
  }
  return { name: `p${createHash('sha256').update(text).digest('hex').slice(0, 24)}`, text };
}

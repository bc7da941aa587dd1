import type { Queryable } from '../../db/database.js';

export interface SavedCustomerRow {
  id: string;
  user_id: string;
  kind: 'phone' | 'meter' | 'smartcard';
  number: string;
  provider: string;
  meter_type: 'prepaid' | 'postpaid' | null;
  name: string;
  /** lower(name): the list's order and its cursor. */
  name_key: string;
  created_at: Date;
}

/** Where a page starts: after this name (lower-cased) and id. */
export interface SavedCustomerKey {
  nameKey: string;
  id: string;
}

const COLUMNS = 'id, user_id, kind, number, provider, meter_type, name, lower(name) AS name_key, created_at';

// Namespace of the per-agent advisory lock under which the limit on saved customers is checked.
const SAVED_CUSTOMERS_LOCK = 4_242_038;

export async function lockAgentSavedCustomers(tx: Queryable, userId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SAVED_CUSTOMERS_LOCK, userId]);
}

export async function countSavedCustomers(db: Queryable, userId: string): Promise<number> {
  const rows = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM saved_customers WHERE user_id = $1',
    [userId],
  );
  return rows[0]!.count;
}

/** LIKE's wildcards and escape taken literally. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the agent's customers by name, then id; `kind` and `q` (part of the name or the
 * number) narrow it. Walks saved_customers_user_(kind_)name_idx from the cursor.
 */
export async function listSavedCustomersOf(
  db: Queryable,
  userId: string,
  page: { kind?: string | undefined; q?: string | undefined; after?: SavedCustomerKey | undefined; limit: number },
): Promise<SavedCustomerRow[]> {
  const params: unknown[] = [userId];
  const where = ['user_id = $1'];
  if (page.kind) {
    params.push(page.kind);
    where.push(`kind = $${params.length}`);
  }
  if (page.q) {
    params.push(likePattern(page.q));
    where.push(`(lower(name) LIKE $${params.length} OR number LIKE $${params.length})`);
  }
  if (page.after) {
    params.push(page.after.nameKey, page.after.id);
    where.push(`(lower(name), id) > ($${params.length - 1}, $${params.length}::uuid)`);
  }
  params.push(page.limit);
  return db.query<SavedCustomerRow>(
    `SELECT ${COLUMNS} FROM saved_customers WHERE ${where.join(' AND ')}
     ORDER BY lower(name), id LIMIT $${params.length}`,
    params,
  );
}

export async function insertSavedCustomer(
  db: Queryable,
  customer: {
    userId: string;
    kind: string;
    number: string;
    provider: string;
    meterType: string | null;
    name: string;
    now: Date;
  },
): Promise<SavedCustomerRow> {
  const rows = await db.query<SavedCustomerRow>(
    `INSERT INTO saved_customers (user_id, kind, number, provider, meter_type, name, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [
      customer.userId,
      customer.kind,
      customer.number,
      customer.provider,
      customer.meterType,
      customer.name,
      customer.now,
    ],
  );
  return rows[0]!;
}

/** The same number saved before (same kind and provider), by the name it was saved as. */
export async function findSavedNumber(
  db: Queryable,
  userId: string,
  key: { kind: string; number: string; provider: string },
): Promise<SavedCustomerRow | undefined> {
  const rows = await db.query<SavedCustomerRow>(
    `SELECT ${COLUMNS} FROM saved_customers WHERE user_id = $1 AND kind = $2 AND number = $3 AND provider = $4`,
    [userId, key.kind, key.number, key.provider],
  );
  return rows[0];
}

/** Only the owner's: another agent's customer is indistinguishable from a missing one. */
export async function renameSavedCustomerOf(
  db: Queryable,
  userId: string,
  id: string,
  name: string,
): Promise<SavedCustomerRow | undefined> {
  const rows = await db.query<SavedCustomerRow>(
    `UPDATE saved_customers SET name = $3 WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, userId, name],
  );
  return rows[0];
}

export async function deleteSavedCustomerOf(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM saved_customers WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  return rows.length > 0;
}

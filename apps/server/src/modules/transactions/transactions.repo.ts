import type { Queryable } from '../../db/database.js';

export type TransactionType = 'funding' | 'purchase' | 'refund' | 'commission' | 'referral_bonus' | 'adjustment';
export type TransactionStatus = 'pending' | 'success' | 'failed' | 'reversed';

export interface TransactionRow {
  id: string;
  user_id: string;
  entry_id: string | null;
  ref: string;
  type: TransactionType;
  status: TransactionStatus;
  direction: 'credit' | 'debit';
  amount: bigint;
  balance_before: bigint;
  balance_after: bigint;
  name: string;
  description: string;
  service: string | null;
  recipient: string | null;
  image_url: string | null;
  details: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, user_id, entry_id, ref, type, status, direction, amount, balance_before, balance_after, name, description,
  service, recipient, image_url, details, created_at, updated_at`;

export interface TransactionFilter {
  userId: string;
  limit: number;
  cursor?: string | undefined;
  q?: string | undefined;
  type?: TransactionType | undefined;
  status?: TransactionStatus | undefined;
  service?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

/** Escapes LIKE wildcards so a search for "100%" means that text. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * One page, newest first, by keyset on (created_at, id) after the cursor row: served by the
 * (user_id, created_at DESC, id DESC) index, so page 1,000 costs what page 1 does. Fetches
 * one row more than asked to know whether another page follows.
 */
export async function listTransactions(db: Queryable, filter: TransactionFilter): Promise<TransactionRow[]> {
  return db.query<TransactionRow>(
    `SELECT ${COLUMNS} FROM wallet_transactions t
     WHERE t.user_id = $1
       AND ($2::uuid IS NULL OR (t.created_at, t.id) < (SELECT c.created_at, c.id FROM wallet_transactions c WHERE c.id = $2 AND c.user_id = $1))
       AND ($3::text IS NULL OR t.search_text LIKE $3)
       AND ($4::text IS NULL OR t.type = $4)
       AND ($5::text IS NULL OR t.status = $5)
       AND ($6::text IS NULL OR t.service = $6)
       AND ($7::timestamptz IS NULL OR t.created_at >= $7)
       AND ($8::timestamptz IS NULL OR t.created_at < $8)
     ORDER BY t.created_at DESC, t.id DESC
     LIMIT $9`,
    [
      filter.userId,
      filter.cursor ?? null,
      filter.q ? likePattern(filter.q) : null,
      filter.type ?? null,
      filter.status ?? null,
      filter.service ?? null,
      filter.from ?? null,
      filter.to ?? null,
      filter.limit + 1,
    ],
  );
}

/** A transaction of this user only: another agent's id is not found. */
export async function findTransaction(db: Queryable, userId: string, id: string): Promise<TransactionRow | undefined> {
  const rows = await db.query<TransactionRow>(
    `SELECT ${COLUMNS} FROM wallet_transactions WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  return rows[0];
}

/** Whether the cursor names a row of this user (an unknown cursor is a client error, not an empty page). */
export async function cursorExists(db: Queryable, userId: string, cursor: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM wallet_transactions WHERE id = $1 AND user_id = $2', [cursor, userId]);
  return rows.length > 0;
}

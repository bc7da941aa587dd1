import type { Queryable } from '../../db/database.js';
import type { TransactionRow } from '../transactions/transactions.repo.js';

export type StatementRow = Pick<
  TransactionRow,
  | 'id'
  | 'ref'
  | 'type'
  | 'status'
  | 'direction'
  | 'amount'
  | 'balance_before'
  | 'balance_after'
  | 'name'
  | 'description'
  | 'service'
  | 'recipient'
  | 'created_at'
> & {
  /** The exact created_at as text: a keyset cursor must not lose PostgreSQL's microseconds to a JS Date. */
  created_at_key: string;
};

/**
 * One batch of a statement, oldest first, after the (created_at, id) of the previous batch's
 * last row: a range scan of wallet_transactions_user_created_idx read backwards, so each batch
 * costs the same however far into the range it is.
 */
export async function statementBatch(
  db: Queryable,
  options: {
    userId: string;
    from: Date;
    to: Date;
    after?: { createdAt: string; id: string } | undefined;
    limit: number;
  },
): Promise<StatementRow[]> {
  return db.query<StatementRow>(
    `SELECT id, ref, type, status, direction, amount, balance_before, balance_after, name, description, service, recipient,
            created_at, created_at::text AS created_at_key
     FROM wallet_transactions
     WHERE user_id = $1 AND created_at >= $2 AND created_at < $3
       AND ($4::timestamptz IS NULL OR (created_at, id) > ($4::timestamptz, $5::uuid))
     ORDER BY created_at, id
     LIMIT $6`,
    [
      options.userId,
      options.from,
      options.to,
      options.after?.createdAt ?? null,
      options.after?.id ?? null,
      options.limit,
    ],
  );
}

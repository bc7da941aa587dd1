import type { Queryable } from '../../db/database.js';

export interface BulkPurchaseRow {
  id: string;
  user_id: string;
  client_key: string;
  request_hash: string;
  source: 'dashboard' | 'api';
  row_count: number;
  created_at: Date;
}

/** A row as asked: what its order will be bought with. */
export interface BulkLine {
  idx: number;
  request_id: string;
  service: 'airtime' | 'data';
  network: string;
  phone: string;
  amount: bigint | null;
  plan_code: string | null;
}

/** A row with its state, and its order's once placed. */
export interface BulkLineView extends BulkLine {
  state: 'queued' | 'placed' | 'rejected';
  message: string | null;
  order_status: 'debited' | 'pending' | 'delivered' | 'failed' | null;
  order_price: bigint | null;
}

/** A queued row a worker claimed, with what placing it needs. */
export interface ClaimedLine extends BulkLine {
  bulk_id: string;
  user_id: string;
  price_level_id: string | null;
  /** The agent's suspension (migration 024): their queued rows are not placed. */
  suspended_at: Date | null;
}

const BATCH_COLUMNS = 'id, user_id, client_key, request_hash, source, row_count, created_at';

export async function findBulkByKey(db: Queryable, userId: string, clientKey: string) {
  const rows = await db.query<BulkPurchaseRow>(
    `SELECT ${BATCH_COLUMNS} FROM bulk_purchases WHERE user_id = $1 AND client_key = $2`,
    [userId, clientKey],
  );
  return rows[0];
}

/** The agent's batch: another agent's is not found, like a missing one. */
export async function findBulkOf(db: Queryable, userId: string, id: string) {
  const rows = await db.query<BulkPurchaseRow>(
    `SELECT ${BATCH_COLUMNS} FROM bulk_purchases WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  return rows[0];
}

/**
 * Records the batch and its rows, queued; answers false when the agent already has a batch
 * under this key (a twin request committed first), writing nothing.
 */
export async function insertBulk(
  tx: Queryable,
  batch: Omit<BulkPurchaseRow, 'row_count'>,
  lines: readonly BulkLine[],
): Promise<boolean> {
  const inserted = await tx.query(
    `INSERT INTO bulk_purchases (id, user_id, client_key, request_hash, source, row_count, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id, client_key) DO NOTHING
     RETURNING id`,
    [batch.id, batch.user_id, batch.client_key, batch.request_hash, batch.source, lines.length, batch.created_at],
  );
  if (inserted.length === 0) return false;
  // One statement for up to 1,000 rows: arrays unnested side by side.
  await tx.query(
    `INSERT INTO bulk_purchase_rows (bulk_id, idx, request_id, service, network, phone, amount, plan_code, queued_at)
     SELECT $1, idx, request_id, service, network, phone, amount, plan_code, $2
       FROM unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::text[])
         AS l (idx, request_id, service, network, phone, amount, plan_code)`,
    [
      batch.id,
      batch.created_at,
      lines.map((l) => l.idx),
      lines.map((l) => l.request_id),
      lines.map((l) => l.service),
      lines.map((l) => l.network),
      lines.map((l) => l.phone),
      lines.map((l) => (l.amount === null ? null : l.amount.toString())),
      lines.map((l) => l.plan_code),
    ],
  );
  return true;
}

/** The batch's rows in order, each with its order (the agent's order under the row's requestId) once placed. */
export async function listBulkLines(db: Queryable, batch: Pick<BulkPurchaseRow, 'id' | 'user_id'>) {
  return db.query<BulkLineView>(
    `SELECT r.idx, r.request_id, r.service, r.network, r.phone, r.amount, r.plan_code, r.state, r.message,
            o.status AS order_status, o.price AS order_price
       FROM bulk_purchase_rows r
       LEFT JOIN orders o ON r.state = 'placed' AND o.user_id = $2 AND o.request_id = r.request_id
      WHERE r.bulk_id = $1
      ORDER BY r.idx`,
    [batch.id, batch.user_id],
  );
}

/**
 * Claims up to `limit` queued rows, oldest batch first, that no live worker holds: each held
 * until `until`. A worker that dies leaves its claims to expire; the next one places the rows
 * again, and their requestIds answer the orders already made.
 */
export async function claimQueuedLines(db: Queryable, now: Date, until: Date, limit: number) {
  return db.query<ClaimedLine>(
    `WITH due AS (
       SELECT bulk_id, idx FROM bulk_purchase_rows
        WHERE state = 'queued' AND (claimed_until IS NULL OR claimed_until < $1)
        ORDER BY queued_at, bulk_id, idx
        LIMIT $3
        FOR UPDATE SKIP LOCKED
     )
     UPDATE bulk_purchase_rows r SET claimed_until = $2
       FROM due, bulk_purchases b, users u
      WHERE r.bulk_id = due.bulk_id AND r.idx = due.idx AND b.id = r.bulk_id AND u.id = b.user_id
     RETURNING r.bulk_id, r.idx, r.request_id, r.service, r.network, r.phone, r.amount, r.plan_code,
               b.user_id, u.price_level_id, u.suspended_at`,
    [now, until, limit],
  );
}

/** The row's outcome: placed (its order made or found) or rejected (never charged, and why). */
export async function finishLine(
  db: Queryable,
  line: Pick<ClaimedLine, 'bulk_id' | 'idx'>,
  outcome: { state: 'placed' | 'rejected'; message: string | null },
): Promise<void> {
  await db.query(
    `UPDATE bulk_purchase_rows SET state = $3, message = $4, claimed_until = NULL
      WHERE bulk_id = $1 AND idx = $2 AND state = 'queued'`,
    [line.bulk_id, line.idx, outcome.state, outcome.message],
  );
}

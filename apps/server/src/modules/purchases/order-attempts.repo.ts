import type { Queryable } from '../../db/database.js';
import type { PayOutcome } from '../upstream/upstream.js';
import { columnsOf, ORDER_COLUMNS, type OrderRow } from './orders.repo.js';

/** An attempt an order moved on from (migration 029). */
export interface OrderAttemptRow {
  order_id: string;
  attempt: number;
  upstream_id: string;
  upstream_request_id: string;
  upstream_variation_code: string | null;
  verdict: string;
  code: string;
  message: string;
  ended_at: Date;
}

/** The upstreams an order already tried and moved on from. */
export async function listAttemptedUpstreams(db: Queryable, orderId: string): Promise<string[]> {
  const rows = await db.query<{ upstream_id: string }>(`SELECT upstream_id FROM order_attempts WHERE order_id = $1`, [
    orderId,
  ]);
  return rows.map((row) => row.upstream_id);
}

export async function listOrderAttempts(db: Queryable, orderId: string): Promise<OrderAttemptRow[]> {
  return db.query<OrderAttemptRow>(
    `SELECT order_id, attempt, upstream_id, upstream_request_id, upstream_variation_code, verdict, code, message, ended_at
     FROM order_attempts WHERE order_id = $1 ORDER BY attempt`,
    [orderId],
  );
}

/** Where an order goes next: the upstream, the request id of the new attempt and the plan's code there. */
export interface NextAttempt {
  upstreamId: string;
  requestId: string;
  variationCode: string | null;
}

/**
 * Ends the order's current attempt on the upstream's definitive "not processed" and moves the
 * order to the next upstream, to be sent there under a new request id (debited, due now, no
 * pay in flight). Call it under the order's lock; one statement.
 */
export async function moveToNextAttempt(
  db: Queryable,
  order: OrderRow,
  outcome: Pick<PayOutcome, 'verdict' | 'code' | 'message'>,
  next: NextAttempt,
  now: Date,
): Promise<OrderRow> {
  const rows = await db.query<OrderRow>(
    `WITH ended AS (
       INSERT INTO order_attempts (order_id, attempt, upstream_id, upstream_request_id, upstream_variation_code, verdict,
         code, message, ended_at)
       SELECT $1, coalesce(max(attempt), 0) + 1, $2, $3, $4, $5, $6, $7, $8 FROM order_attempts WHERE order_id = $1
     )
     UPDATE orders SET upstream_id = $9, upstream_request_id = $10, upstream_variation_code = $11, status = 'debited',
       sending_until = NULL, next_attempt_at = $8, upstream_code = $6, upstream_message = $7, updated_at = $8
     WHERE id = $1 AND upstream_request_id = $3
     RETURNING ${ORDER_COLUMNS}`,
    [
      order.id,
      order.upstream_id,
      order.upstream_request_id,
      order.upstream_variation_code,
      outcome.verdict,
      outcome.code,
      outcome.message.slice(0, 300),
      now,
      next.upstreamId,
      next.requestId,
      next.variationCode,
    ],
  );
  if (!rows[0]) throw new Error(`order ${order.id} moved on meanwhile`);
  return rows[0];
}

/**
 * The order an upstream request id belongs to, whether it names the order's current attempt or
 * one it moved on from (then with that attempt's upstream).
 */
export async function findOrderByAnyUpstreamRequest(
  db: Queryable,
  upstreamRequestId: string,
): Promise<{ order: OrderRow; upstreamId: string; current: boolean } | undefined> {
  const rows = await db.query<OrderRow & { attempt_upstream_id: string; current_attempt: boolean }>(
    `SELECT ${columnsOf('o')}, o.upstream_id AS attempt_upstream_id, true AS current_attempt
     FROM orders o WHERE o.upstream_request_id = $1
     UNION ALL
     SELECT ${columnsOf('o')}, a.upstream_id, false
     FROM order_attempts a JOIN orders o ON o.id = a.order_id WHERE a.upstream_request_id = $1`,
    [upstreamRequestId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { attempt_upstream_id: upstreamId, current_attempt: current, ...order } = row;
  return { order, upstreamId, current };
}

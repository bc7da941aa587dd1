import type { Queryable } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';

export type OrderStatus = 'debited' | 'pending' | 'delivered' | 'failed';

export interface OrderRow {
  id: string;
  user_id: string;
  request_id: string;
  request_hash: string;
  upstream_request_id: string;
  /** The upstream the order is with now (decision 037), and the code it is sent for the plan (null: the catalogue's). */
  upstream_id: string;
  upstream_variation_code: string | null;
  service: 'airtime' | 'data' | 'electricity' | 'cable' | 'result-checker';
  service_id: string;
  variation_code: string | null;
  product_name: string;
  recipient: string;
  phone: string;
  quantity: number;
  subscription_type: 'renew' | 'change' | null;
  face_value: bigint;
  price: bigint;
  status: OrderStatus;
  transaction_id: string | null;
  refund_transaction_id: string | null;
  result: {
    token?: string | null;
    units?: string | null;
    customerName?: string | null;
    customerAddress?: string | null;
    cards?: Array<{ serial: string; pin: string }>;
    /** A PIN sold without a serial (JAMB). */
    pin?: string | null;
  };
  upstream_code: string | null;
  upstream_message: string | null;
  /** What the upstream charged for the delivered order, kobo, when its answer said (migration 028). */
  upstream_cost: bigint | null;
  attempts: number;
  next_attempt_at: Date;
  sent_at: Date | null;
  settled_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** A pay for the order may be in flight until then: it is neither sent again nor force-refunded before. */
  sending_until: Date | null;
  alert: OrderAlert | null;
  alert_detail: string | null;
  alerted_at: Date | null;
  resolved_by: string | null;
  resolution_note: string | null;
}

/** What an operator must look at on an order (migration 021). */
export type OrderAlert = 'upstream-refused' | 'delivered-after-refund' | 'earlier-attempt-delivered';

/** Every column of OrderRow, named: prepared statements may not select `*` (db/prepared.ts). */
export const ORDER_COLUMNS = `id, user_id, request_id, request_hash, upstream_request_id, upstream_id, upstream_variation_code, service, service_id, variation_code,
  product_name, recipient, phone, quantity, subscription_type, face_value, price, status, transaction_id,
  refund_transaction_id, result, upstream_code, upstream_message, upstream_cost, attempts, next_attempt_at, sent_at, settled_at,
  created_at, updated_at, sending_until, alert, alert_detail, alerted_at, resolved_by, resolution_note`;
export const columnsOf = (alias: string) =>
  ORDER_COLUMNS.split(',')
    .map((column) => `${alias}.${column.trim()}`)
    .join(', ');

const FIND_BY_REQUEST = prepared(`SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 AND request_id = $2`);

export async function findOrderByRequest(
  db: Queryable,
  userId: string,
  requestId: string,
): Promise<OrderRow | undefined> {
  const rows = await db.query<OrderRow>(FIND_BY_REQUEST, [userId, requestId]);
  return rows[0];
}

export async function findOrder(db: Queryable, id: string): Promise<OrderRow | undefined> {
  const rows = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [id]);
  return rows[0];
}

/** What a settlement needs to know of the order's agent besides the order. */
export interface OrderAgent {
  /** Referred by another agent: only then can a delivery owe a referral bonus. */
  referred: boolean;
  /** Has an enabled webhook: only then does a settlement record an event for it. */
  webhook: boolean;
}

const LOCK_ORDER = prepared(
  `SELECT ${columnsOf('o')},
       EXISTS (SELECT 1 FROM users u WHERE u.id = o.user_id AND u.referred_by IS NOT NULL) AS agent_referred,
       EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.user_id = o.user_id AND e.enabled AND e.url IS NOT NULL) AS agent_webhook
     FROM orders o WHERE o.id = $1 FOR UPDATE OF o`,
);

/** Locks an order for its settlement; answers it with what the settlement needs of its agent, in the same round trip. */
export async function lockOrder(
  db: Queryable,
  id: string,
): Promise<{ order: OrderRow; agent: OrderAgent } | undefined> {
  const rows = await db.query<OrderRow & { agent_referred: boolean; agent_webhook: boolean }>(LOCK_ORDER, [id]);
  const row = rows[0];
  if (!row) return undefined;
  const { agent_referred: referred, agent_webhook: webhook, ...order } = row;
  return { order, agent: { referred, webhook } };
}

/**
 * About to call the upstream again for an order: only if it is still unresolved and no pay for
 * it may be in flight; pending from now on, not sent again nor force-refunded before
 * `sendingUntil`. Answers whether the caller may send it (under the row's lock, so a refund
 * and a send never both go ahead).
 */
export async function markSending(db: Queryable, id: string, now: Date, sendingUntil: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE orders SET status = 'pending', sent_at = coalesce(sent_at, $2), next_attempt_at = $3, sending_until = $3,
       updated_at = $2
     WHERE id = $1 AND status IN ('debited', 'pending') AND (sending_until IS NULL OR sending_until <= $2)
     RETURNING id`,
    [id, now, sendingUntil],
  );
  return rows.length > 0;
}

/**
 * Sets an operator's alert on an order, once: answers false when it already had this alert
 * (so that it is reported once, however often the upstream repeats itself).
 */
export async function alertOrder(
  db: Queryable,
  id: string,
  alert: { kind: OrderAlert; detail: string; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE orders SET alert = $2, alert_detail = $3, alerted_at = $4, updated_at = $4
     WHERE id = $1 AND alert IS DISTINCT FROM $2 RETURNING id`,
    [id, alert.kind, alert.detail.slice(0, 500), alert.now],
  );
  return rows.length > 0;
}

/** Records the operator who settled an order, and why. */
export async function recordResolution(db: Queryable, id: string, operatorId: string, note: string): Promise<void> {
  await db.query(`UPDATE orders SET resolved_by = $2, resolution_note = $3 WHERE id = $1`, [
    id,
    operatorId,
    note.slice(0, 1000),
  ]);
}

/** Orders with an alert, newest first (for operators). */
export async function listAlertedOrders(db: Queryable, limit: number): Promise<Array<OrderRow & { username: string }>> {
  return db.query<OrderRow & { username: string }>(
    `SELECT ${columnsOf('o')}, u.username FROM orders o JOIN users u ON u.id = o.user_id
     WHERE o.alert IS NOT NULL ORDER BY o.alerted_at DESC LIMIT $1`,
    [limit],
  );
}

/**
 * Claims orders that are due for work, for this worker only: others skip the locked rows,
 * and the lease moves their next attempt so that nobody else picks them up meanwhile.
 */
export async function claimDueOrders(db: Queryable, now: Date, leaseUntil: Date, limit: number): Promise<OrderRow[]> {
  return db.query<OrderRow>(
    `UPDATE orders SET next_attempt_at = $2
     WHERE id IN (
       SELECT id FROM orders WHERE status IN ('debited', 'pending') AND next_attempt_at <= $1
       ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED
     )
     RETURNING ${ORDER_COLUMNS}`,
    [now, leaseUntil, limit],
  );
}

/** Orders still unresolved since before `olderThan`, oldest first (for operators). */
export async function listStaleOrders(
  db: Queryable,
  olderThan: Date,
  limit: number,
): Promise<Array<OrderRow & { username: string }>> {
  return db.query<OrderRow & { username: string }>(
    `SELECT ${columnsOf('o')}, u.username FROM orders o JOIN users u ON u.id = o.user_id
     WHERE o.status IN ('debited', 'pending') AND o.created_at <= $1 ORDER BY o.created_at LIMIT $2`,
    [olderThan, limit],
  );
}

import type { Queryable } from '../../db/database.js';

export type OrderStatus = 'debited' | 'pending' | 'delivered' | 'failed';

export interface OrderRow {
  id: string;
  user_id: string;
  request_id: string;
  request_hash: string;
  upstream_request_id: string;
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
    cards?: Array<{ serial: string; pin: string }>;
  };
  upstream_code: string | null;
  upstream_message: string | null;
  attempts: number;
  next_attempt_at: Date;
  sent_at: Date | null;
  settled_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type NewOrder = Pick<
  OrderRow,
  | 'user_id'
  | 'request_id'
  | 'request_hash'
  | 'upstream_request_id'
  | 'service'
  | 'service_id'
  | 'variation_code'
  | 'product_name'
  | 'recipient'
  | 'phone'
  | 'quantity'
  | 'subscription_type'
  | 'face_value'
  | 'price'
> & {
  now: Date;
  /** The order is created as being sent: the worker leaves it alone until then. */
  leaseUntil: Date;
};

/**
 * Inserts the order, as pending and about to be sent, unless this agent already has one with
 * the request id; answers undefined then.
 */
export async function insertOrder(db: Queryable, order: NewOrder): Promise<OrderRow | undefined> {
  const rows = await db.query<OrderRow>(
    `INSERT INTO orders (user_id, request_id, request_hash, upstream_request_id, service, service_id, variation_code, product_name,
       recipient, phone, quantity, subscription_type, face_value, price, status, sent_at, next_attempt_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'pending', $15, $16, $15, $15)
     ON CONFLICT (user_id, request_id) DO NOTHING
     RETURNING *`,
    [
      order.user_id,
      order.request_id,
      order.request_hash,
      order.upstream_request_id,
      order.service,
      order.service_id,
      order.variation_code,
      order.product_name,
      order.recipient,
      order.phone,
      order.quantity,
      order.subscription_type,
      order.face_value,
      order.price,
      order.now,
      order.leaseUntil,
    ],
  );
  return rows[0];
}

export async function findOrderByRequest(
  db: Queryable,
  userId: string,
  requestId: string,
): Promise<OrderRow | undefined> {
  const rows = await db.query<OrderRow>('SELECT * FROM orders WHERE user_id = $1 AND request_id = $2', [
    userId,
    requestId,
  ]);
  return rows[0];
}

export async function findOrderByUpstreamRequest(
  db: Queryable,
  upstreamRequestId: string,
): Promise<OrderRow | undefined> {
  const rows = await db.query<OrderRow>('SELECT * FROM orders WHERE upstream_request_id = $1', [upstreamRequestId]);
  return rows[0];
}

export async function findOrder(db: Queryable, id: string): Promise<OrderRow | undefined> {
  const rows = await db.query<OrderRow>('SELECT * FROM orders WHERE id = $1', [id]);
  return rows[0];
}

/**
 * Locks an order for its settlement; answers it with whether its agent was referred by
 * another (only then can a delivery owe a referral bonus), in the same round trip.
 */
export async function lockOrder(
  db: Queryable,
  id: string,
): Promise<{ order: OrderRow; referred: boolean } | undefined> {
  const rows = await db.query<OrderRow & { agent_referred: boolean }>(
    `SELECT o.*, EXISTS (SELECT 1 FROM users u WHERE u.id = o.user_id AND u.referred_by IS NOT NULL) AS agent_referred
     FROM orders o WHERE o.id = $1 FOR UPDATE OF o`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { agent_referred: referred, ...order } = row;
  return { order, referred };
}

export async function setOrderTransaction(db: Queryable, id: string, transactionId: string): Promise<void> {
  await db.query('UPDATE orders SET transaction_id = $2 WHERE id = $1', [id, transactionId]);
}

/** About to call the upstream: pending from now on, and left alone by the worker until `leaseUntil`. */
export async function markSending(db: Queryable, id: string, now: Date, leaseUntil: Date): Promise<void> {
  await db.query(
    `UPDATE orders SET status = 'pending', sent_at = coalesce(sent_at, $2), next_attempt_at = $3, updated_at = $2
     WHERE id = $1 AND status IN ('debited', 'pending')`,
    [id, now, leaseUntil],
  );
}

export async function updateOrder(
  db: Queryable,
  id: string,
  change: {
    status: OrderStatus;
    now: Date;
    code: string;
    message: string;
    result?: OrderRow['result'];
    refundTransactionId?: string;
    nextAttemptAt?: Date;
    countAttempt?: boolean;
  },
): Promise<OrderRow> {
  const rows = await db.query<OrderRow>(
    `UPDATE orders SET status = $2, updated_at = $3, upstream_code = $4, upstream_message = $5,
       result = coalesce($6::jsonb, result), refund_transaction_id = coalesce($7, refund_transaction_id),
       next_attempt_at = coalesce($8, next_attempt_at), attempts = attempts + CASE WHEN $9 THEN 1 ELSE 0 END,
       settled_at = CASE WHEN $2 IN ('delivered', 'failed') THEN $3 ELSE settled_at END
     WHERE id = $1 RETURNING *`,
    [
      id,
      change.status,
      change.now,
      change.code,
      change.message.slice(0, 300),
      change.result ? JSON.stringify(change.result) : null,
      change.refundTransactionId ?? null,
      change.nextAttemptAt ?? null,
      change.countAttempt ?? false,
    ],
  );
  return rows[0]!;
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
     RETURNING *`,
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
    `SELECT o.*, u.username FROM orders o JOIN users u ON u.id = o.user_id
     WHERE o.status IN ('debited', 'pending') AND o.created_at <= $1 ORDER BY o.created_at LIMIT $2`,
    [olderThan, limit],
  );
}

import type { Queryable } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { walletEntryArgs, walletEntryCall, type WalletEntry } from '../ledger/ledger.repo.js';
import type { TransactionStatus } from '../transactions/transactions.repo.js';

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
    customerAddress?: string | null;
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

/** Every column of OrderRow, named: prepared statements may not select `*` (db/prepared.ts). */
export const ORDER_COLUMNS = `id, user_id, request_id, request_hash, upstream_request_id, service, service_id, variation_code,
  product_name, recipient, phone, quantity, subscription_type, face_value, price, status, transaction_id,
  refund_transaction_id, result, upstream_code, upstream_message, attempts, next_attempt_at, sent_at, settled_at,
  created_at, updated_at`;
export const columnsOf = (alias: string) =>
  ORDER_COLUMNS.split(',')
    .map((column) => `${alias}.${column.trim()}`)
    .join(', ');

export type NewOrder = Pick<
  OrderRow,
  | 'id'
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
  /** The history row of its debit, written by the same statement (the reference is checked at commit). */
  transaction_id: string;
  now: Date;
  /** The order is created as being sent: the worker leaves it alone until then. */
  leaseUntil: Date;
};

/** The columns a new order is inserted with, the rest taking their defaults. */
export const INSERTED_COLUMNS = `id, user_id, request_id, request_hash, upstream_request_id, service, service_id,
  variation_code, product_name, recipient, phone, quantity, subscription_type, face_value, price, transaction_id, status,
  sent_at, next_attempt_at, created_at, updated_at`;

// The call takes the history row's id from the inserted order: it runs only if the order was inserted.
const INSERT_ORDER_WITH_DEBIT = prepared(
  `WITH placed AS (
     INSERT INTO orders (${INSERTED_COLUMNS})
     VALUES ($18, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $17, 'pending', $15, $16, $15, $15)
     ON CONFLICT (user_id, request_id) DO NOTHING
     RETURNING ${ORDER_COLUMNS}
   )
   SELECT ${columnsOf('placed')} FROM placed CROSS JOIN LATERAL ${walletEntryCall(18, 'placed.transaction_id')} AS debit`,
);

/**
 * Inserts the order, as pending and about to be sent, and posts its debit in the same statement
 * (one round trip, one transaction): the order points at the debit's history row. When this
 * agent already has an order with the request id, nothing is inserted, nothing is charged, and
 * it answers undefined. A wallet short of the price fails the statement whole (23514).
 */
export async function insertOrderWithDebit(
  db: Queryable,
  order: NewOrder,
  debit: WalletEntry,
): Promise<OrderRow | undefined> {
  const params = [
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
    order.transaction_id,
    order.id,
  ];
  const rows = await db.query<OrderRow>(INSERT_ORDER_WITH_DEBIT, [
    ...params,
    ...walletEntryArgs(debit, { transactionIdInSql: true }),
  ]);
  return rows[0];
}

const FIND_BY_REQUEST = prepared(`SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 AND request_id = $2`);

export async function findOrderByRequest(
  db: Queryable,
  userId: string,
  requestId: string,
): Promise<OrderRow | undefined> {
  const rows = await db.query<OrderRow>(FIND_BY_REQUEST, [userId, requestId]);
  return rows[0];
}

export async function findOrderByUpstreamRequest(
  db: Queryable,
  upstreamRequestId: string,
): Promise<OrderRow | undefined> {
  const rows = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE upstream_request_id = $1`, [
    upstreamRequestId,
  ]);
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

/** About to call the upstream: pending from now on, and left alone by the worker until `leaseUntil`. */
export async function markSending(db: Queryable, id: string, now: Date, leaseUntil: Date): Promise<void> {
  await db.query(
    `UPDATE orders SET status = 'pending', sent_at = coalesce(sent_at, $2), next_attempt_at = $3, updated_at = $2
     WHERE id = $1 AND status IN ('debited', 'pending')`,
    [id, now, leaseUntil],
  );
}

/**
 * The agent of order `o` is owed nothing else by a delivery: not referred (no referral bonus)
 * and without a webhook (no event).
 */
export const PLAIN_AGENT_OF_O = `NOT EXISTS (SELECT 1 FROM users u WHERE u.id = o.user_id AND u.referred_by IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.user_id = o.user_id AND e.enabled AND e.url IS NOT NULL)`;

const UPDATE_ORDER = prepared(
  `WITH updated AS (
     UPDATE orders o SET status = $2, updated_at = $3, upstream_code = $4, upstream_message = $5,
       result = coalesce($6::jsonb, result), refund_transaction_id = coalesce($7, refund_transaction_id),
       next_attempt_at = coalesce($8, next_attempt_at), attempts = attempts + CASE WHEN $9 THEN 1 ELSE 0 END,
       settled_at = CASE WHEN $2 IN ('delivered', 'failed') THEN $3 ELSE settled_at END
     WHERE o.id = $1 AND (NOT $12::boolean OR (
       o.status IN ('debited', 'pending')
       AND ${PLAIN_AGENT_OF_O}))
     RETURNING ${ORDER_COLUMNS}
   ), history AS (
     UPDATE wallet_transactions t SET status = $10, details = t.details || $11::jsonb, updated_at = $3
     FROM updated WHERE t.id = updated.transaction_id AND $10::text IS NOT NULL
   )
   SELECT ${columnsOf('updated')} FROM updated`,
);

/** What an order keeps of the upstream's message: its first 300 characters. */
export const storedMessage = (change: OrderChange) => change.message.slice(0, 300);

export interface OrderChange {
  status: OrderStatus;
  now: Date;
  code: string;
  message: string;
  result?: OrderRow['result'];
  refundTransactionId?: string;
  nextAttemptAt?: Date;
  countAttempt?: boolean;
  /** The status (and details to add) of the history row of the order's debit, when it changes too. */
  history?: { status: TransactionStatus; details?: Record<string, unknown> };
}

/**
 * Records what became of an order, and with it, in the same statement, the history row of its
 * debit when that changes too. Call it under the order's lock (`lockOrder`).
 */
export async function updateOrder(db: Queryable, id: string, change: OrderChange): Promise<OrderRow> {
  return (await runUpdateOrder(db, id, change, false))!;
}

/**
 * The same change in one statement without taking the lock first, but only when the order is
 * still unresolved and the change owes nothing else: its agent was not referred (no referral
 * bonus) and has no webhook (no event). Answers undefined otherwise, and changes nothing.
 */
export async function updatePlainUnresolvedOrder(
  db: Queryable,
  id: string,
  change: OrderChange,
): Promise<OrderRow | undefined> {
  return runUpdateOrder(db, id, change, true);
}

async function runUpdateOrder(
  db: Queryable,
  id: string,
  change: OrderChange,
  onlyPlainUnresolved: boolean,
): Promise<OrderRow | undefined> {
  const rows = await db.query<OrderRow>(UPDATE_ORDER, [
    id,
    change.status,
    change.now,
    change.code,
    storedMessage(change),
    change.result ? JSON.stringify(change.result) : null,
    change.refundTransactionId ?? null,
    change.nextAttemptAt ?? null,
    change.countAttempt ?? false,
    change.history?.status ?? null,
    JSON.stringify(change.history?.details ?? {}),
    onlyPlainUnresolved,
  ]);
  return rows[0];
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

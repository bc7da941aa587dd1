import type { Queryable } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import {
  walletEntryArgs,
  walletEntryCall,
  walletEntryColumns,
  walletEntryRecord,
  walletEntryRowCall,
  type GivenArguments,
  type WalletEntry,
} from '../ledger/ledger.repo.js';
import type { TransactionStatus } from '../transactions/transactions.repo.js';
import { columnsOf, ORDER_COLUMNS, type OrderRow, type OrderStatus } from './orders.repo.js';

/**
 * The two writes of every purchase, each in its one-order form and its batch form side by side
 * (docs/decisions/025): the batch writes the same rows as the one-order statement would for
 * each of its orders, from one jsonb array whose rows carry their position `n`; the answer says
 * which rows it wrote.
 */

type Columns = ReadonlyArray<readonly [name: string, type: string]>;

/** A batch's rows read from `$1::jsonb`, with their names and types in one place. */
function recordset(columns: Columns): string {
  const names = columns.map(([name]) => name).join(', ');
  const types = columns.map(([name, type]) => `${name} ${type}`).join(', ');
  return `SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS r (${types})`;
}

/** Rows answered with their position, put back in place: undefined where no row came back. */
function inPlace(count: number, rows: ReadonlyArray<OrderRow & { n: number }>): Array<OrderRow | undefined> {
  const answers: Array<OrderRow | undefined> = Array.from({ length: count }, () => undefined);
  for (const { n, ...row } of rows) answers[n] = row;
  return answers;
}

// ---------------------------------------------------------------------------------------------
// 1. Placing an order: the order and its debit in one statement.

export type NewOrder = Pick<
  OrderRow,
  | 'id'
  | 'user_id'
  | 'request_id'
  | 'request_hash'
  | 'upstream_request_id'
  | 'upstream_id'
  | 'upstream_variation_code'
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
  /** The order is created as being sent: it is not sent again before then. */
  sendingUntil: Date;
  /** Its first requery, which may come while the pay is still in flight: a requery never pays. */
  firstRequeryAt: Date;
};

/** The columns a new order is inserted with, the rest taking their defaults. */
const INSERTED_COLUMNS = `id, user_id, request_id, request_hash, upstream_request_id, upstream_id, upstream_variation_code, service, service_id,
  variation_code, product_name, recipient, phone, quantity, subscription_type, face_value, price, transaction_id, status,
  sent_at, next_attempt_at, created_at, updated_at, sending_until`;

/** The debit's agent and history row are the inserted order's: its call runs only for an order inserted. */
const FROM_PLACED: GivenArguments = { userId: 'placed.user_id', transactionId: 'placed.transaction_id' };

const INSERT_ORDER_WITH_DEBIT = prepared(
  `WITH placed AS (
     INSERT INTO orders (${INSERTED_COLUMNS})
     VALUES ($1, $2, $3, $4, $5, $20, $21, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 'pending', $17, $18, $17, $17,
       $19)
     ON CONFLICT (user_id, request_id) DO NOTHING
     RETURNING ${ORDER_COLUMNS}
   )
   SELECT ${columnsOf('placed')} FROM placed CROSS JOIN LATERAL ${walletEntryCall(21, FROM_PLACED)} AS debit`,
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
  const rows = await db.query<OrderRow>(INSERT_ORDER_WITH_DEBIT, [
    order.id,
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
    order.transaction_id,
    order.now,
    order.firstRequeryAt,
    order.sendingUntil,
    order.upstream_id,
    order.upstream_variation_code,
    ...walletEntryArgs(debit, FROM_PLACED),
  ]);
  return rows[0];
}

const PLACEMENT_COLUMNS: Columns = [
  ['n', 'int'],
  ['id', 'uuid'],
  ['user_id', 'uuid'],
  ['request_id', 'text'],
  ['request_hash', 'text'],
  ['upstream_request_id', 'text'],
  ['upstream_id', 'text'],
  ['upstream_variation_code', 'text'],
  ['service', 'text'],
  ['service_id', 'text'],
  ['variation_code', 'text'],
  ['product_name', 'text'],
  ['recipient', 'text'],
  ['phone', 'text'],
  ['quantity', 'int'],
  ['subscription_type', 'text'],
  ['face_value', 'bigint'],
  ['price', 'bigint'],
  ['transaction_id', 'uuid'],
  ['now', 'timestamptz'],
  ['first_requery_at', 'timestamptz'],
  ['sending_until', 'timestamptz'],
  // Its debit: post_wallet_movement's arguments besides those the inserted order gives.
  ...walletEntryColumns(FROM_PLACED),
];

// As INSERT_ORDER_WITH_DEBIT, for many. `locked` takes the lock of every account the batch moves
// in code order (as post_movement does, so batches and single movements never deadlock) before
// `placed` inserts anything: the INSERT needs `payable`, which needs `locked`. It locks one
// account after the other through the code's index: `code = ANY (...)` was planned (a generic
// plan, ten codes assumed) as a scan of every ledger account, in every batch. `payable` keeps
// the orders their wallets pay for, in order, from the balances just locked; a wallet that
// does not exist yet pays for nothing. The debit runs for each order inserted.
const INSERT_ORDERS_WITH_DEBITS = prepared(
  `WITH input AS (${recordset(PLACEMENT_COLUMNS)}),
   locked AS (
     SELECT a.code, a.balance
     FROM (SELECT c.code FROM unnest($2::text[]) AS c (code) ORDER BY c.code) AS c
     CROSS JOIN LATERAL (SELECT a.code, a.balance FROM ledger_accounts a WHERE a.code = c.code FOR UPDATE) AS a
   ),
   payable AS (
     SELECT running.n FROM (
       SELECT input.n, locked.balance, sum(input.price) OVER (PARTITION BY input.user_id ORDER BY input.n) AS spent
       FROM input JOIN locked ON locked.code = 'wallet:' || input.user_id
     ) AS running
     WHERE running.spent <= running.balance
   ),
   placed AS (
     INSERT INTO orders (${INSERTED_COLUMNS})
     SELECT id, user_id, request_id, request_hash, upstream_request_id, upstream_id, upstream_variation_code, service,
       service_id, variation_code, product_name,
       recipient, phone, quantity, subscription_type, face_value, price, transaction_id, 'pending', now, first_requery_at,
       now, now, sending_until
     FROM input WHERE input.n IN (SELECT payable.n FROM payable) ORDER BY n
     ON CONFLICT (user_id, request_id) DO NOTHING
     RETURNING ${ORDER_COLUMNS}
   )
   SELECT input.n, ${columnsOf('placed')} FROM placed JOIN input ON input.id = placed.id
   CROSS JOIN LATERAL ${walletEntryRowCall('input', FROM_PLACED)} AS debit
   ORDER BY input.n`,
);

export interface Placement {
  order: NewOrder;
  debit: WalletEntry;
}

/**
 * Inserts the orders with their debits in one statement, for the orders their wallets pay
 * for: the placed order, or undefined in the place of an order not placed, which is either
 * one its wallet could not pay for within the batch or a request id its agent already used.
 */
export async function insertOrdersWithDebits(
  db: Queryable,
  placements: readonly Placement[],
): Promise<Array<OrderRow | undefined>> {
  const input = placements.map(({ order, debit }, n) => ({
    n,
    ...order,
    face_value: order.face_value.toString(),
    price: order.price.toString(),
    first_requery_at: order.firstRequeryAt,
    sending_until: order.sendingUntil,
    ...walletEntryRecord(debit, FROM_PLACED),
  }));
  const codes = [...new Set(placements.flatMap(({ debit }) => debit.postings.map((posting) => posting.code)))].sort();
  return inPlace(
    placements.length,
    await db.query<OrderRow & { n: number }>(INSERT_ORDERS_WITH_DEBITS, [JSON.stringify(input), codes]),
  );
}

// ---------------------------------------------------------------------------------------------
// 2. Settling an order: the order and the history row of its debit in one statement.

/**
 * The agent of order `o` is owed nothing else by a delivery: not referred (no referral bonus)
 * and without a webhook (no event).
 */
const PLAIN_AGENT_OF_O = `NOT EXISTS (SELECT 1 FROM users u WHERE u.id = o.user_id AND u.referred_by IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.user_id = o.user_id AND e.enabled AND e.url IS NOT NULL)`;

const UPDATE_ORDER = prepared(
  `WITH updated AS (
     UPDATE orders o SET status = $2, updated_at = $3, upstream_code = $4, upstream_message = $5,
       result = coalesce($6::jsonb, result), refund_transaction_id = coalesce($7, refund_transaction_id),
       next_attempt_at = coalesce($8, next_attempt_at), attempts = attempts + CASE WHEN $9 THEN 1 ELSE 0 END,
       settled_at = CASE WHEN $2 IN ('delivered', 'failed') THEN $3 ELSE settled_at END,
       sending_until = CASE WHEN $13::boolean THEN NULL ELSE sending_until END,
       upstream_cost = coalesce($14::bigint, upstream_cost)
     WHERE o.id = $1 AND ($15::text IS NULL OR o.upstream_request_id = $15) AND (NOT $12::boolean OR (
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
  /** The pay that was in flight has answered: the order may be sent again (or refunded by force) from now. */
  callAnswered?: boolean;
  /** The status (and details to add) of the history row of the order's debit, when it changes too. */
  history?: { status: TransactionStatus; details?: Record<string, unknown> };
  /** What the upstream debited us for a delivery, in kobo, when it said. */
  upstreamCost?: bigint | null;
  /**
   * The upstream request id the answer was about: the change is made only while it is the
   * order's current attempt's (an answer about an attempt the order moved on from changes nothing).
   */
  requestId?: string;
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
    change.callAnswered ?? false,
    change.upstreamCost?.toString() ?? null,
    change.requestId ?? null,
  ]);
  return rows[0];
}

const DELIVERY_COLUMNS: Columns = [
  ['n', 'int'],
  ['id', 'uuid'],
  ['now', 'timestamptz'],
  ['code', 'text'],
  ['message', 'text'],
  ['result', 'jsonb'],
  ['details', 'jsonb'],
  ['cost', 'bigint'],
  ['request_id', 'text'],
];

// As UPDATE_ORDER with onlyPlainUnresolved, for deliveries: order delivered, history row successful.
const DELIVER_PLAIN_ORDERS = prepared(
  `WITH input AS (${recordset(DELIVERY_COLUMNS)}),
   updated AS (
     UPDATE orders o SET status = 'delivered', updated_at = input.now, upstream_code = input.code,
       upstream_message = input.message, result = coalesce(input.result, o.result), attempts = o.attempts + 1,
       settled_at = input.now, upstream_cost = coalesce(input.cost, o.upstream_cost)
     FROM input
     WHERE o.id = input.id AND o.status IN ('debited', 'pending')
       AND (input.request_id IS NULL OR o.upstream_request_id = input.request_id)
       AND ${PLAIN_AGENT_OF_O}
     RETURNING input.n, input.details AS history_details, ${columnsOf('o')}
   ), history AS (
     UPDATE wallet_transactions t SET status = 'success', details = t.details || updated.history_details,
       updated_at = updated.updated_at
     FROM updated WHERE t.id = updated.transaction_id
   )
   SELECT n, ${ORDER_COLUMNS} FROM updated ORDER BY n`,
);

export interface Delivery {
  orderId: string;
  /** A delivery (`status: 'delivered'`), with the history row's new details. */
  change: OrderChange;
}

/**
 * Marks the orders delivered, as `updatePlainUnresolvedOrder` does for one: only an order still
 * unresolved whose delivery owes nothing else (no referral bonus, no webhook event); undefined
 * in the place of any other, which is left unchanged.
 */
export async function deliverPlainOrders(
  db: Queryable,
  deliveries: readonly Delivery[],
): Promise<Array<OrderRow | undefined>> {
  const input = deliveries.map(({ orderId, change }, n) => {
    if (change.status !== 'delivered') throw new Error(`not a delivery: ${change.status}`);
    return {
      n,
      id: orderId,
      now: change.now,
      code: change.code,
      message: storedMessage(change),
      result: change.result ?? null,
      details: change.history?.details ?? {},
      cost: change.upstreamCost?.toString() ?? null,
      request_id: change.requestId ?? null,
    };
  });
  return inPlace(
    deliveries.length,
    await db.query<OrderRow & { n: number }>(DELIVER_PLAIN_ORDERS, [JSON.stringify(input)]),
  );
}

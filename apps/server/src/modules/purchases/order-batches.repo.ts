import type { Queryable } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { WalletEntry } from '../ledger/ledger.repo.js';
import {
  columnsOf,
  INSERTED_COLUMNS,
  ORDER_COLUMNS,
  PLAIN_AGENT_OF_O,
  storedMessage,
  type NewOrder,
  type OrderChange,
  type OrderRow,
} from './orders.repo.js';

/**
 * The statements of many purchases at once (docs/decisions/025): the same rows as
 * `insertOrderWithDebit` and `updatePlainUnresolvedOrder` write for one, for a batch passed as
 * one jsonb array. Each row carries its position `n`, and the answer says which rows it wrote.
 */
type Columns = ReadonlyArray<readonly [name: string, type: string]>;

/** A batch's rows read from `$1::jsonb`, with their names and types in one place. */
function recordset(columns: Columns): string {
  const names = columns.map(([name]) => name).join(', ');
  const types = columns.map(([name, type]) => `${name} ${type}`).join(', ');
  return `SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS r (${types})`;
}

const PLACEMENT_COLUMNS: Columns = [
  ['n', 'int'],
  // The order.
  ['id', 'uuid'],
  ['user_id', 'uuid'],
  ['request_id', 'text'],
  ['request_hash', 'text'],
  ['upstream_request_id', 'text'],
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
  ['lease_until', 'timestamptz'],
  // Its debit: post_wallet_movement's arguments besides the agent and the history row's id.
  ['entry_kind', 'text'],
  ['entry_key', 'text'],
  ['entry_description', 'text'],
  ['entry_at', 'timestamptz'],
  ['entry_codes', 'text[]'],
  ['entry_amounts', 'bigint[]'],
  ['entry_ref', 'text'],
  ['entry_status', 'text'],
  ['entry_name', 'text'],
  ['entry_service', 'text'],
  ['entry_recipient', 'text'],
  ['entry_image_url', 'text'],
  ['entry_details', 'jsonb'],
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
     SELECT id, user_id, request_id, request_hash, upstream_request_id, service, service_id, variation_code, product_name,
       recipient, phone, quantity, subscription_type, face_value, price, transaction_id, 'pending', now, lease_until, now, now
     FROM input WHERE input.n IN (SELECT payable.n FROM payable) ORDER BY n
     ON CONFLICT (user_id, request_id) DO NOTHING
     RETURNING ${ORDER_COLUMNS}
   )
   SELECT input.n, ${columnsOf('placed')} FROM placed JOIN input ON input.id = placed.id
   CROSS JOIN LATERAL post_wallet_movement(input.entry_kind, input.entry_key, input.entry_description, input.entry_at,
     input.entry_codes, input.entry_amounts, placed.user_id, placed.transaction_id, input.entry_ref, input.entry_status,
     input.entry_name, input.entry_service, input.entry_recipient, input.entry_image_url, input.entry_details) AS debit
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
    lease_until: order.leaseUntil,
    entry_kind: debit.kind,
    entry_key: debit.idempotencyKey,
    entry_description: debit.description,
    entry_at: debit.now,
    entry_codes: debit.postings.map((posting) => posting.code),
    entry_amounts: debit.postings.map((posting) => posting.amount.toString()),
    entry_ref: debit.ref,
    entry_status: debit.status,
    entry_name: debit.name,
    entry_service: debit.service,
    entry_recipient: debit.recipient,
    entry_image_url: debit.imageUrl,
    entry_details: debit.details,
  }));
  const codes = [...new Set(placements.flatMap(({ debit }) => debit.postings.map((posting) => posting.code)))].sort();
  return inPlace(
    placements.length,
    await db.query<OrderRow & { n: number }>(INSERT_ORDERS_WITH_DEBITS, [JSON.stringify(input), codes]),
  );
}

const DELIVERY_COLUMNS: Columns = [
  ['n', 'int'],
  ['id', 'uuid'],
  ['now', 'timestamptz'],
  ['code', 'text'],
  ['message', 'text'],
  ['result', 'jsonb'],
  ['details', 'jsonb'],
];

// As UPDATE_ORDER with onlyPlainUnresolved, for deliveries: order delivered, history row successful.
const DELIVER_PLAIN_ORDERS = prepared(
  `WITH input AS (${recordset(DELIVERY_COLUMNS)}),
   updated AS (
     UPDATE orders o SET status = 'delivered', updated_at = input.now, upstream_code = input.code,
       upstream_message = input.message, result = coalesce(input.result, o.result), attempts = o.attempts + 1,
       settled_at = input.now
     FROM input
     WHERE o.id = input.id AND o.status IN ('debited', 'pending')
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
    };
  });
  return inPlace(
    deliveries.length,
    await db.query<OrderRow & { n: number }>(DELIVER_PLAIN_ORDERS, [JSON.stringify(input)]),
  );
}

/** Rows answered with their position, put back in place: undefined where no row came back. */
function inPlace(count: number, rows: ReadonlyArray<OrderRow & { n: number }>): Array<OrderRow | undefined> {
  const answers: Array<OrderRow | undefined> = Array.from({ length: count }, () => undefined);
  for (const { n, ...row } of rows) answers[n] = row;
  return answers;
}

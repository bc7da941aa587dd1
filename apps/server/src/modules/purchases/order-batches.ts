import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import { createBatcher } from '../../lib/batcher.js';
import { asInsufficientFunds } from '../ledger/ledger.service.js';
import {
  deliverPlainOrders,
  insertOrdersWithDebits,
  insertOrderWithDebit,
  updatePlainUnresolvedOrder,
  type Delivery,
  type Placement,
} from './order-writes.repo.js';
import type { OrderRow } from './orders.repo.js';

/** At most this many purchases share a statement and a commit. */
const MAX_BATCH = 64;

type Outcome = PromiseSettledResult<OrderRow | undefined>;

/**
 * The two writes of every purchase, its debit and its plain delivery, shared by the purchases
 * in flight (docs/decisions/025): each waits for the batch before it to commit, then goes with
 * the others that arrived meanwhile, in one statement and one commit. A batch of one is the
 * one-order statement itself. A batch means what its orders alone would mean: an order it did
 * not place (its wallet short within the batch, or a replay) is tried alone, and when a batch
 * cannot apply at all (a deadlock, any error) its orders are tried one by one, each with the
 * one-order statement, whose answer it then gets.
 */
export function createOrderBatches(deps: { db: Database; log: Logger }) {
  const { db, log } = deps;

  const placeOne = (placement: Placement): Promise<OrderRow | undefined> =>
    insertOrderWithDebit(db, placement.order, placement.debit).catch((error: unknown) => {
      throw asInsufficientFunds(error);
    });
  const deliverOne = (delivery: Delivery) => updatePlainUnresolvedOrder(db, delivery.orderId, delivery.change);

  async function oneByOne<I>(items: readonly I[], one: (item: I) => Promise<OrderRow | undefined>, error: unknown) {
    log.warn({ err: error, orders: items.length }, 'a batch of orders did not apply; trying its orders one by one');
    return Promise.allSettled(items.map(one));
  }

  async function placeBatch(placements: readonly Placement[]): Promise<Outcome[]> {
    if (placements.length === 1) return Promise.allSettled([placeOne(placements[0]!)]);
    let placed: Array<OrderRow | undefined>;
    try {
      placed = await insertOrdersWithDebits(db, placements);
    } catch (error) {
      return oneByOne(placements, placeOne, error);
    }
    // An order the batch did not place is tried alone, for the answer it gets there: refused
    // (nothing written) when its wallet cannot pay, undefined for a request id already used.
    return Promise.allSettled(
      placements.map((placement, index) => {
        const order = placed[index];
        return order ? Promise.resolve(order) : placeOne(placement);
      }),
    );
  }

  async function deliverBatch(deliveries: readonly Delivery[]): Promise<Outcome[]> {
    if (deliveries.length === 1) return Promise.allSettled([deliverOne(deliveries[0]!)]);
    try {
      const delivered = await deliverPlainOrders(db, deliveries);
      return delivered.map((value) => ({ status: 'fulfilled', value }));
    } catch (error) {
      return oneByOne(deliveries, deliverOne, error);
    }
  }

  const place = createBatcher(placeBatch, { maxSize: MAX_BATCH });
  const deliver = createBatcher(deliverBatch, { maxSize: MAX_BATCH });

  const settled = async (outcome: Promise<Outcome>) => {
    const result = await outcome;
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  };

  return {
    /** `insertOrderWithDebit`, shared with the purchases in flight. */
    place: (placement: Placement) => settled(place(placement)),
    /** `updatePlainUnresolvedOrder` for a delivery, shared with the purchases in flight. */
    deliver: (delivery: Delivery) => settled(deliver(delivery)),
  };
}

export type OrderBatches = ReturnType<typeof createOrderBatches>;

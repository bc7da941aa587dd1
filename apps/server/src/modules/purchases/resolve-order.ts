import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { forEachConcurrently } from '../../lib/concurrently.js';
import type { UpstreamRegistry } from '../routing/upstream-registry.js';
import type { PayOutcome } from '../upstream/upstream.js';
import { findOrderByAnyUpstreamRequest } from './order-attempts.repo.js';
import { claimDueOrders, findOrder, type OrderRow } from './orders.repo.js';
import type { PlaceOrder } from './place-order.js';
import type { OperatorAsking, SettleOrder } from './settle-order.js';

const settled = (order: OrderRow) => order.status === 'delivered' || order.status === 'failed';

/** What an operator's refund did, with the upstream's answer it was decided on. */
export interface OperatorRefundResult {
  order: OrderRow;
  /** The upstream's answer to the requery made first: what the operator saw. */
  upstream: { verdict: PayOutcome['verdict']; code: string; message: string };
  outcome: 'refunded' | 'refunded-by-force' | 'delivered';
}

/**
 * Finds out what became of unresolved orders (docs/decisions/029): the worker's rounds, an
 * operator's requery and refund, and the upstream's webhook. Only a requery's definitive answer
 * settles an order; a hint never pays, and an order is sent again only by the worker, when the
 * upstream has no record of it and no pay for it may be in flight.
 */
export function createResolveOrder(deps: {
  db: Database;
  clock: Clock;
  log: Logger;
  routing: Pick<UpstreamRegistry, 'adapter'>;
  placing: PlaceOrder;
  settle: SettleOrder;
  /** How long the worker holds the orders it claims. */
  claimMs: number;
  /** How many orders a round asks the upstream about at once. */
  concurrency: number;
}) {
  const { db, clock, log, routing, placing, settle } = deps;

  /** Asks the upstream an attempt was sent to what became of it. */
  const requeryAttempt = async (upstreamId: string, requestId: string) =>
    (await routing.adapter(upstreamId)).requery(requestId);

  /** The worker's question about one order it claimed. */
  async function resolveClaimed(order: OrderRow): Promise<OrderRow> {
    // Debited but not sent: moved on to its next upstream (decision 037), or an order of an
    // older version. That upstream cannot know it yet.
    if (order.status === 'debited') return (await placing.sendAgain(order)) ?? order;
    const outcome = await requeryAttempt(order.upstream_id, order.upstream_request_id);
    if (outcome.verdict === 'unknown-request') {
      // The pay never reached the upstream (the process died between the commit and the call,
      // or the connection failed before the request went out): send it now, under the same
      // request id, once no pay for it may still be in flight. Before that, wait.
      const sent = await placing.sendAgain(order);
      if (sent) return sent;
    }
    const settled = await settle.apply(order, outcome, 'requery');
    // Definitively not processed there, and moved on to the next upstream: sent there now.
    if (settled.status === 'debited') return (await placing.sendAgain(settled)) ?? settled;
    return settled;
  }

  async function requery(order: OrderRow, operator?: OperatorAsking) {
    const outcome = await requeryAttempt(order.upstream_id, order.upstream_request_id);
    return { outcome, order: await settle.apply(order, outcome, 'requery', operator) };
  }

  return {
    /**
     * One round of background work: claims due orders (FOR UPDATE SKIP LOCKED, so instances
     * share the queue) and resolves up to `concurrency` of them at a time.
     */
    async runDue(limit: number): Promise<number> {
      const now = clock.now();
      const claimed = await db.transaction((tx) =>
        claimDueOrders(tx, now, new Date(now.getTime() + deps.claimMs), limit),
      );
      await forEachConcurrently(claimed, deps.concurrency, async (order) => {
        try {
          await resolveClaimed(order);
        } catch (error) {
          log.error({ err: error, orderId: order.id }, 'resolving an order failed; it will be tried again');
        }
      });
      return claimed.length;
    },

    /**
     * The upstream's webhook: only a hint. The requery it prompts settles an unresolved order on
     * a definitive answer, refunds a delivered order the upstream reversed, and flags a refunded
     * order the upstream says it delivered; it never pays, and otherwise leaves the order to the
     * worker.
     */
    async hint(upstreamRequestId: string): Promise<OrderRow | undefined> {
      const found = await findOrderByAnyUpstreamRequest(db, upstreamRequestId);
      if (!found) return undefined;
      // The attempt the hint names, current or moved on from, is asked about at its own upstream.
      const outcome = await requeryAttempt(found.upstreamId, upstreamRequestId);
      return settle.apply({ id: found.order.id, upstream_request_id: upstreamRequestId }, outcome, 'hint');
    },

    /**
     * An agent's re-check of their unresolved order (issue 23): the upstream is asked now, and
     * its answer goes through the same fate code as the webhook's requery: a definitive answer
     * settles the order (delivered, or failed over or refunded), any other leaves it to the
     * worker's schedule. An order not yet sent (debited) has nothing to ask: answered as it is.
     */
    async recheck(order: OrderRow): Promise<OrderRow> {
      if (settled(order) || order.status === 'debited') return order;
      const outcome = await requeryAttempt(order.upstream_id, order.upstream_request_id);
      return settle.apply(order, outcome, 'hint');
    },

    /**
     * Operators: ask the upstream now, and settle on a definitive answer, audited with what it
     * did. A settled order is answered as it is (nothing asked, nothing to audit).
     */
    async requeryNow(orderId: string, actor: AuditActor): Promise<OrderRow> {
      const order = await findOrder(db, orderId);
      if (!order) throw new AppError('NOT_FOUND', 'Order not found');
      if (settled(order)) return order;
      return (await requery(order, { action: 'order.requery', actor })).order;
    },

    /**
     * Operators: refund an unresolved order, exactly once, never on a guess. The upstream is
     * asked first: a definitive failure is refunded; a delivery delivers the order instead.
     * Any other answer refunds only by `force`, with the reason, after the operator has seen
     * that answer; and never while a pay for the order may be in flight.
     */
    async refundByOperator(
      orderId: string,
      request: { actor: AuditActor; reason: string; force: boolean },
    ): Promise<OperatorRefundResult> {
      const found = await findOrder(db, orderId);
      if (!found) throw new AppError('NOT_FOUND', 'Order not found');
      if (settled(found)) throw new AppError('CONFLICT', `This order is already ${found.status}`);
      const { outcome, order } = await requery(found, {
        action: 'order.refund',
        actor: request.actor,
        reason: request.reason,
      });
      const upstreamSaid = { verdict: outcome.verdict, code: outcome.code, message: outcome.message };
      const answer = `${outcome.code} ${outcome.message}`;
      if (order.status === 'delivered') return { order, upstream: upstreamSaid, outcome: 'delivered' };
      // Refunded on the upstream's definitive failure, recorded with the operator in that transaction.
      if (order.status === 'failed') return { order, upstream: upstreamSaid, outcome: 'refunded' };
      if (!request.force) {
        throw new AppError(
          'CONFLICT',
          `Not refunded: the upstream's answer is not definitive (${answer}). Check the order with the upstream; ` +
            'to refund it anyway, send force with your reason.',
        );
      }
      const forced = await settle.refundByOperator(order.id, outcome, {
        actor: request.actor,
        reason: request.reason,
        note: `Refunded by force: ${request.reason} (the upstream said: ${answer})`,
      });
      if (!forced.refunded) {
        if (settled(forced.order)) return requeried(forced.order, upstreamSaid);
        throw new AppError(
          'CONFLICT',
          'Not refunded: a pay for this order may still be in flight. Try again in a minute.',
        );
      }
      return { order: forced.order, upstream: upstreamSaid, outcome: 'refunded-by-force' };
    },
  };
}

/** An order another path settled meanwhile, answered as it is. */
function requeried(order: OrderRow, upstream: OperatorRefundResult['upstream']): OperatorRefundResult {
  return { order, upstream, outcome: order.status === 'delivered' ? 'delivered' : 'refunded' };
}

export type ResolveOrder = ReturnType<typeof createResolveOrder>;

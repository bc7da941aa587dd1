import { randomUUID } from 'node:crypto';
import { displayNaira, formatNaira } from '@agentdesk/contract/money';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { planWalletMovement, postWalletMovement } from '../ledger/wallet-movement.js';
import { insertNotification } from '../notifications/notifications.repo.js';
import { payPurchaseMarginBonus } from '../referrals/referral-bonus.js';
import type { PayOutcome, UpstreamAdapter } from '../upstream/upstream.js';
import { newRequestId } from '../upstream/vtpass/request-id.js';
import { bareOutcome } from '../upstream/vtpass/vtpass-parse.js';
import { enqueueOrderEvent } from '../webhooks/webhook-events.js';
import { createOrderBatches } from './order-batches.js';
import type { CatalogLookup } from '../catalog/catalog-lookup.js';
import { planOrder, requestHash, type OrderPlan, type PurchaseRequest } from './order-plan.js';
import {
  claimDueOrders,
  findOrder,
  findOrderByRequest,
  findOrderByUpstreamRequest,
  lockOrder,
  markSending,
  updateOrder,
  type OrderChange,
  type OrderRow,
} from './orders.repo.js';

/** Seconds until the next requery of a pending order, by attempts made. */
const BACKOFF_SECONDS = [10, 30, 60, 120, 300, 600, 1800];
/** The upstream's code for a requery of a request it never received. */
const NOT_FOUND = '015';

export function createPurchasesService(deps: {
  db: Database;
  clock: Clock;
  upstream: UpstreamAdapter;
  catalog: CatalogLookup;
  log: Logger;
  upstreamTimeoutMs: number;
}) {
  const { db, clock, upstream, catalog, log } = deps;
  const batches = createOrderBatches({ db, log });
  /** The worker leaves an order alone while a call for it may still be in flight. */
  const leaseMs = deps.upstreamTimeoutMs + 15_000;

  function payRequest(order: OrderRow) {
    return {
      requestId: order.upstream_request_id,
      serviceId: order.service_id,
      billersCode: order.recipient,
      variationCode: order.variation_code ?? undefined,
      amount: order.face_value,
      phone: order.phone,
      subscriptionType: order.subscription_type ?? undefined,
      quantity: order.quantity > 1 ? order.quantity : undefined,
    };
  }

  function replay(order: OrderRow, hash: string): OrderRow {
    if (order.request_hash !== hash) {
      throw AppError.conflict('requestId', 'This requestId was already used for a different purchase');
    }
    return order;
  }

  /** What a delivery changes on the order and on the history row of its debit. */
  function deliveredChange(outcome: PayOutcome, now: Date): OrderChange {
    const result = {
      token: outcome.token,
      units: outcome.units,
      customerName: outcome.customerName,
      customerAddress: outcome.customerAddress,
      cards: outcome.cards,
    };
    return {
      status: 'delivered',
      now,
      code: outcome.code,
      message: outcome.message,
      result,
      countAttempt: true,
      history: { status: 'success', details: { ...result, upstreamTransactionId: outcome.upstreamTransactionId } },
    };
  }

  /**
   * Applies what the upstream said, once: a settled order never changes again, except a
   * delivered one the upstream later reverses, which is refunded. A refund posts with the
   * key `refund:<order>`, so it can happen only once whatever calls settle.
   */
  async function settle(orderId: string, outcome: PayOutcome): Promise<OrderRow> {
    if (outcome.alertOperator)
      log.error({ orderId, code: outcome.code, message: outcome.message }, 'upstream needs an operator');
    // Most deliveries owe nothing besides the order's own rows (no referral bonus, no webhook
    // event): one statement settles them. Any other case, or an order already settled, takes
    // the order's lock below.
    if (outcome.status === 'delivered') {
      const delivered = await batches.deliver({ orderId, change: deliveredChange(outcome, clock.now()) });
      if (delivered) return delivered;
    }
    return db.transaction(async (tx) => {
      const locked = await lockOrder(tx, orderId);
      if (!locked) throw new Error(`order ${orderId} vanished`);
      const { order, agent } = locked;
      const now = clock.now();
      const reversedAfterDelivery = order.status === 'delivered' && outcome.status === 'reversed';
      if ((order.status === 'delivered' || order.status === 'failed') && !reversedAfterDelivery) return order;

      if (outcome.status === 'delivered') {
        const delivered = await updateOrder(tx, order.id, deliveredChange(outcome, now));
        // A referrer's share of this margin, if the rule pays one: with the delivery, once.
        if (agent.referred) await payPurchaseMarginBonus(tx, delivered, now);
        // The agent's webhook event commits with the settlement it reports (an outbox row).
        if (agent.webhook) await enqueueOrderEvent(tx, delivered, now);
        return delivered;
      }

      if (outcome.status === 'failed' || outcome.status === 'reversed') {
        const refund = await postWalletMovement(tx, {
          userId: order.user_id,
          direction: 'credit',
          amount: order.price,
          counterpart: 'upstream_float',
          idempotencyKey: `refund:${order.id}`,
          type: 'refund',
          name: `Refund: ${order.product_name}`,
          description: `Refund for ${order.recipient}: ${outcome.message}`,
          service: order.service_id,
          recipient: order.recipient,
          details: { orderRequestId: order.request_id, reason: outcome.message },
          now,
        });
        if (!refund) throw new Error(`order ${order.id} was refunded twice`);
        await insertNotification(tx, {
          userId: order.user_id,
          kind: 'refund',
          title: 'Purchase refunded',
          body: `${order.product_name} for ${order.recipient} did not go through. ${displayNaira(order.price)} is back in your wallet.`,
          now,
        });
        const failed = await updateOrder(tx, order.id, {
          status: 'failed',
          now,
          code: outcome.code,
          message: outcome.message,
          refundTransactionId: refund.id,
          countAttempt: true,
          history: { status: outcome.status === 'reversed' ? 'reversed' : 'failed' },
        });
        if (agent.webhook) await enqueueOrderEvent(tx, failed, now);
        return failed;
      }

      const wait = BACKOFF_SECONDS[Math.min(order.attempts, BACKOFF_SECONDS.length - 1)]! * 1000;
      return updateOrder(tx, order.id, {
        status: 'pending',
        now,
        code: outcome.code,
        message: outcome.message,
        nextAttemptAt: new Date(now.getTime() + wait),
        countAttempt: true,
      });
    });
  }

  /** Calls the upstream for an order, then settles. An order sent again first renews its lease. */
  async function send(order: OrderRow, options: { again: boolean }): Promise<OrderRow> {
    if (options.again) {
      const now = clock.now();
      await markSending(db, order.id, now, new Date(now.getTime() + leaseMs));
    }
    return settle(order.id, await upstream.pay(payRequest(order)));
  }

  /** Asks the upstream what became of an order; one it never received is sent now, under the same request id. */
  async function resolve(order: OrderRow): Promise<OrderRow> {
    if (order.status === 'debited') return send(order, { again: true });
    const outcome = await upstream.requery(order.upstream_request_id);
    if (outcome.code === NOT_FOUND) return send(order, { again: true });
    return settle(order.id, outcome);
  }

  return {
    /**
     * Buys: prices from the catalogue, then in one statement (shared with the purchases in
     * flight, order-batches.ts) records the order and debits the wallet (nothing is charged
     * when the balance is short), then calls the upstream outside it and settles. The same
     * requestId returns the same order, charged once.
     */
    async purchase(userId: string, request: PurchaseRequest): Promise<{ order: OrderRow; created: boolean }> {
      const hash = requestHash(request);
      // A new requestId is the common case: no lookup first. A replay is caught by the order's
      // unique key below, or here when its product can no longer be priced.
      let plan: OrderPlan;
      try {
        plan = await planOrder({ catalog, upstream }, request);
      } catch (error) {
        const existing = await findOrderByRequest(db, userId, request.requestId);
        if (existing) return { order: replay(existing, hash), created: false };
        throw error;
      }

      const now = clock.now();
      const orderId = randomUUID();
      const debit = planWalletMovement({
        userId,
        direction: 'debit',
        amount: plan.price,
        counterpart: 'upstream_float',
        idempotencyKey: `order:${orderId}`,
        type: 'purchase',
        status: 'pending',
        name: plan.productName,
        description: `${plan.productName} for ${plan.recipient}`,
        service: plan.serviceId,
        recipient: plan.recipient,
        imageUrl: plan.imageUrl,
        details: { requestId: request.requestId, faceValue: formatNaira(plan.faceValue), quantity: plan.quantity },
        now,
      });
      const order = await batches.place({
        order: {
          id: orderId,
          user_id: userId,
          request_id: request.requestId,
          request_hash: hash,
          upstream_request_id: newRequestId(now),
          service: plan.service,
          service_id: plan.serviceId,
          variation_code: plan.variationCode,
          product_name: plan.productName,
          recipient: plan.recipient,
          phone: plan.phone,
          quantity: plan.quantity,
          subscription_type: plan.subscriptionType,
          face_value: plan.faceValue,
          price: plan.price,
          transaction_id: debit.transactionId,
          now,
          leaseUntil: new Date(now.getTime() + leaseMs),
        },
        debit,
      });

      if (!order) {
        // A replay, or a twin request that committed first: answer what it made.
        const twin = await findOrderByRequest(db, userId, request.requestId);
        return { order: replay(twin!, hash), created: false };
      }
      return { order: await send(order, { again: false }), created: true };
    },

    async find(userId: string, requestId: string): Promise<OrderRow | undefined> {
      return findOrderByRequest(db, userId, requestId);
    },

    /** One round of background work: resolves orders that are due, claimed so that several instances share the queue. */
    async runDue(limit = 20): Promise<number> {
      const now = clock.now();
      const claimed = await db.transaction((tx) => claimDueOrders(tx, now, new Date(now.getTime() + leaseMs), limit));
      for (const order of claimed) {
        try {
          await resolve(order);
        } catch (error) {
          log.error({ err: error, orderId: order.id }, 'resolving an order failed; it will be tried again');
        }
      }
      return claimed.length;
    },

    /** Upstream webhook: a hint to requery, never a settlement on its word. */
    async requeryByUpstreamId(upstreamRequestId: string): Promise<OrderRow | undefined> {
      const order = await findOrderByUpstreamRequest(db, upstreamRequestId);
      if (!order) return undefined;
      return resolve(order);
    },

    /** Operators: requery now. */
    async requeryNow(orderId: string): Promise<OrderRow> {
      const order = await findOrder(db, orderId);
      if (!order) throw new AppError('NOT_FOUND', 'Order not found');
      if (order.status === 'delivered' || order.status === 'failed') return order;
      return resolve(order);
    },

    /** Operators: give up on an unresolved order and refund it, exactly once. */
    async refundByOperator(orderId: string, reason: string): Promise<OrderRow> {
      const order = await findOrder(db, orderId);
      if (!order) throw new AppError('NOT_FOUND', 'Order not found');
      if (order.status === 'delivered' || order.status === 'failed')
        throw new AppError('CONFLICT', `This order is already ${order.status}`);
      return settle(order.id, bareOutcome('failed', 'operator', reason));
    },
  };
}

export type PurchasesService = ReturnType<typeof createPurchasesService>;

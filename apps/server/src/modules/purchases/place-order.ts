import { randomUUID } from 'node:crypto';
import { formatNaira } from '@agentdesk/contract/money';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { CatalogLookup } from '../catalog/catalog-lookup.js';
import { planWalletMovement } from '../ledger/wallet-movement.js';
import type { UpstreamRegistry } from '../routing/upstream-registry.js';
import type { PayRequest, UpstreamAdapter } from '../upstream/upstream.js';
import type { OrderBatches } from './order-batches.js';
import { planOrder, requestHash, type OrderPlan, type PurchaseRequest } from './order-plan.js';
import { findOrderByRequest, markSending, type OrderRow } from './orders.repo.js';
import type { SettleOrder } from './settle-order.js';

/** What the order's current upstream is asked to deliver for it, in that upstream's plan code. */
export function payRequestOf(order: OrderRow): PayRequest {
  return {
    requestId: order.upstream_request_id,
    service: order.service,
    serviceId: order.service_id,
    billersCode: order.recipient,
    variationCode: order.upstream_variation_code ?? order.variation_code ?? undefined,
    amount: order.face_value,
    phone: order.phone,
    subscriptionType: order.subscription_type ?? undefined,
    quantity: order.quantity > 1 ? order.quantity : undefined,
  };
}

/**
 * Places orders (docs/decisions/029): prices one from the catalogue, picks the first upstream of
 * its route (decision 037), then in one statement (shared with the purchases in flight,
 * order-batches.ts) records it and debits the wallet into that upstream's float (nothing is
 * charged when the balance is short), then calls the upstream outside it and settles on the
 * answer; an order the upstream definitively did not process goes on to the next upstream at
 * once. The same requestId returns the same order, charged once.
 */
export function createPlaceOrder(deps: {
  db: Database;
  clock: Clock;
  /** The catalogue's upstream, which prices renewals and verifies what is bought. */
  upstream: UpstreamAdapter;
  routing: Pick<UpstreamRegistry, 'targets' | 'newRequestId' | 'adapter'>;
  catalog: CatalogLookup;
  batches: OrderBatches;
  settle: SettleOrder;
  /** How long a pay may be in flight: the upstream's timeout and a margin. */
  sendingMs: number;
  /** When the first requery is due after a pay is sent. */
  firstRequeryMs: number;
}) {
  const { db, clock, upstream, routing, catalog, batches, settle } = deps;

  /**
   * Sends the order to its current upstream and applies the answer; while the answer moves it
   * to another upstream (failed over, debited again), sends it there, each upstream once.
   */
  async function send(order: OrderRow): Promise<OrderRow> {
    let current = order;
    for (;;) {
      const adapter = await routing.adapter(current.upstream_id);
      const settled = await settle.apply(current, await adapter.pay(payRequestOf(current)), 'pay');
      if (settled.status !== 'debited' || settled.upstream_request_id === current.upstream_request_id) return settled;
      const now = clock.now();
      if (!(await markSending(db, settled.id, now, new Date(now.getTime() + deps.sendingMs)))) return settled;
      current = { ...settled, status: 'pending' };
    }
  }

  function replay(order: OrderRow, hash: string): OrderRow {
    if (order.request_hash !== hash) {
      throw AppError.conflict('requestId', 'This requestId was already used for a different purchase');
    }
    return order;
  }

  return {
    async place(
      userId: string,
      request: PurchaseRequest,
      priceLevelId: string | null,
    ): Promise<{ order: OrderRow; created: boolean }> {
      const hash = requestHash(request);
      // A new requestId is the common case: no lookup first. A replay is caught by the order's
      // unique key below, or here when its product can no longer be priced.
      let plan: OrderPlan;
      try {
        plan = await planOrder({ catalog, upstream }, request, priceLevelId);
      } catch (error) {
        const existing = await findOrderByRequest(db, userId, request.requestId);
        if (existing) return { order: replay(existing, hash), created: false };
        throw error;
      }

      const [route] = await routing.targets({
        service: plan.service,
        service_id: plan.serviceId,
        variation_code: plan.variationCode,
      });
      if (!route) throw new AppError('SERVICE_UNAVAILABLE', 'This product cannot be sold right now. Try again later.');

      const now = clock.now();
      const orderId = randomUUID();
      const debit = planWalletMovement({
        userId,
        direction: 'debit',
        amount: plan.price,
        counterpart: 'upstream_float',
        upstream: route.upstreamId,
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
          upstream_request_id: routing.newRequestId(route.kind, now),
          upstream_id: route.upstreamId,
          upstream_variation_code: route.upstreamCode,
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
          sendingUntil: new Date(now.getTime() + deps.sendingMs),
          firstRequeryAt: new Date(now.getTime() + deps.firstRequeryMs),
        },
        debit,
      });

      if (!order) {
        // A replay, or a twin request that committed first: answer what it made.
        const twin = await findOrderByRequest(db, userId, request.requestId);
        return { order: replay(twin!, hash), created: false };
      }
      return { order: await send(order), created: true };
    },

    /**
     * Sends an unresolved order again, under the same upstream request id (which the upstream
     * refuses to process twice), when the upstream has no record of it: only if it is still
     * unresolved and no pay for it may be in flight. Answers undefined when it may not be sent.
     */
    async sendAgain(order: OrderRow): Promise<OrderRow | undefined> {
      const now = clock.now();
      if (!(await markSending(db, order.id, now, new Date(now.getTime() + deps.sendingMs)))) return undefined;
      return send(order);
    },
  };
}

export type PlaceOrder = ReturnType<typeof createPlaceOrder>;

import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditActor } from '../audit/audit-actor.js';
import type { CatalogLookup } from '../catalog/catalog-lookup.js';
import type { UpstreamRegistry } from '../routing/upstream-registry.js';
import type { UpstreamAdapter } from '../upstream/upstream.js';
import { createOrderBatches } from './order-batches.js';
import { planOrder, type OrderPlan, type PurchaseRequest } from './order-plan.js';
import { findOrderByRequest, type OrderRow } from './orders.repo.js';
import { createPlaceOrder } from './place-order.js';
import { createResolveOrder } from './resolve-order.js';
import { REQUERY_DEFAULTS } from './requery-schedule.js';
import { createSettleOrder } from './settle-order.js';
import { withPurchaseExchanges } from './upstream-exchanges.repo.js';

/**
 * Purchases, and the one place that decides an order's fate (docs/decisions/029): placing it
 * (price, debit, send), settling it on a definitive answer, and resolving it when the answer
 * was not (the worker, operators, the upstream's webhook).
 */
export function createPurchasesService(deps: {
  db: Database;
  clock: Clock;
  /** The catalogue's upstream: renewals' prices and verifications while placing. */
  upstream: UpstreamAdapter;
  /** The configured upstreams and each service's route (decision 037). */
  routing: UpstreamRegistry;
  catalog: CatalogLookup;
  log: Logger;
  upstreamTimeoutMs: number;
  /** Seconds before each requery of an unresolved order, by requeries made; the last repeats. */
  backoffSeconds?: readonly number[];
  /** How many orders the worker asks the upstream about at once. */
  requeryConcurrency?: number;
}) {
  const { db, clock, upstream, routing, catalog, log } = deps;
  const backoffSeconds = deps.backoffSeconds ?? REQUERY_DEFAULTS.backoffSeconds;
  // A pay may be in flight for the upstream's timeout; the margin covers a slow commit after it.
  const sendingMs = deps.upstreamTimeoutMs + 5_000;
  const batches = createOrderBatches({ db, log });
  const settle = createSettleOrder({ db, clock, log, batches, routing, backoffSeconds });
  const placing = createPlaceOrder({
    db,
    clock,
    upstream,
    routing,
    catalog,
    batches,
    settle,
    sendingMs,
    // The first requery does not wait for the pay's timeout: a requery never pays, so a
    // definitive answer is known soon even when the process that sent the pay died.
    firstRequeryMs: backoffSeconds[0]! * 1000,
  });
  const resolving = createResolveOrder({
    db,
    clock,
    log,
    routing,
    placing,
    settle,
    // The worker holds what it claimed while its calls (a requery, then maybe a pay) may run.
    claimMs: 2 * deps.upstreamTimeoutMs + 5_000,
    concurrency: deps.requeryConcurrency ?? REQUERY_DEFAULTS.concurrency,
  });

  return {
    /**
     * Buys at the prices of the agent's level (docs/decisions/038; null: the catalogue's own,
     * which the default level's are until an operator gives it overrides): the same requestId
     * returns the same order, charged once.
     */
    purchase: (userId: string, request: PurchaseRequest, priceLevelId: string | null) =>
      withPurchaseExchanges(() => placing.place(userId, request, priceLevelId)),
    /**
     * What an order would be, priced at the level, without placing it: a bulk purchase checks
     * each row with it before any is paid (4xx naming the field, as the purchase would).
     */
    quote: (request: PurchaseRequest, priceLevelId: string | null): Promise<OrderPlan> =>
      planOrder({ catalog, upstream }, request, priceLevelId),
    find: (userId: string, requestId: string): Promise<OrderRow | undefined> =>
      findOrderByRequest(db, userId, requestId),
    /**
     * The agent's re-check of one of their orders (dashboard and reseller API): asks the
     * upstream now; 404 for another agent's, 409 once settled.
     */
    async recheck(userId: string, requestId: string): Promise<OrderRow> {
      const order = await findOrderByRequest(db, userId, requestId);
      if (!order) throw new AppError('NOT_FOUND', 'Purchase not found');
      if (order.status === 'delivered' || order.status === 'failed') {
        const fate = order.status === 'delivered' ? 'it was delivered' : 'it failed, and your wallet was refunded';
        throw new AppError('CONFLICT', `This purchase is no longer pending: ${fate}.`);
      }
      return resolving.recheck(order);
    },
    /** One round of the requery worker. */
    runDue: (limit = 20) => resolving.runDue(limit),
    /** The upstream's webhook: a hint to requery, never a settlement on its word, never a pay. */
    requeryByUpstreamId: (upstreamRequestId: string) => resolving.hint(upstreamRequestId),
    /** Operators: requery now (audited). */
    requeryNow: (orderId: string, actor: AuditActor) => resolving.requeryNow(orderId, actor),
    /** Operators: refund an unresolved order, asking the upstream first (audited). */
    refundByOperator: (orderId: string, request: { actor: AuditActor; reason: string; force: boolean }) =>
      resolving.refundByOperator(orderId, request),
  };
}

export type PurchasesService = ReturnType<typeof createPurchasesService>;

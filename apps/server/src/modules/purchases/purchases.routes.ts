import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createPurchase, getPurchase, recheckPurchase, type TOrder } from '@agentdesk/contract/purchases/purchase';
import { limit } from '../../http/rate-limits.js';
import { mountEndpoint } from '../../http/route.js';
import { AppError } from '../../lib/app-error.js';
import { requirePin, type TransactionPinService } from '../auth/transaction-pin.service.js';
import type { UserRow } from '../auth/users.repo.js';
import type { PurchaseRequest } from './order-plan.js';
import { toOrderView } from './order-view.js';
import type { PurchasesService } from './purchases.service.js';

const MESSAGES = {
  delivered: 'Purchase successful',
  pending: 'Your purchase is being processed. We will update it shortly.',
  failed: 'The purchase did not go through. Your wallet has been refunded.',
} as const;

/**
 * The answer to a purchase: 201 for a new order, 200 for a retry of the same one (the
 * dashboard's and the reseller API's), priced at the agent's level (their row names it).
 */
export async function answerPurchase(
  purchases: PurchasesService,
  agent: Pick<UserRow, 'id' | 'price_level_id'>,
  body: PurchaseRequest,
): Promise<{ status: 200 | 201; message: string; data: TOrder }> {
  const { order, created } = await purchases.purchase(agent.id, body, agent.price_level_id);
  const view = toOrderView(order);
  return {
    status: created ? 201 : 200,
    message: created ? MESSAGES[view.status] : 'This purchase was already made',
    data: view,
  };
}

/** The state of the agent's order with this requestId; another agent's is a 404 like a missing one. */
export async function answerPurchaseState(
  purchases: PurchasesService,
  userId: string,
  requestId: string,
): Promise<{ message: string; data: TOrder }> {
  const order = await purchases.find(userId, requestId);
  if (!order) throw new AppError('NOT_FOUND', 'Purchase not found');
  const view = toOrderView(order);
  return { message: MESSAGES[view.status], data: view };
}

/** The agent's re-check of a pending order (issue 23): the upstream asked now, the new state answered. */
export async function answerRecheck(
  purchases: PurchasesService,
  userId: string,
  requestId: string,
): Promise<{ message: string; data: TOrder }> {
  const view = toOrderView(await purchases.recheck(userId, requestId));
  const message =
    view.status === 'pending' ? 'Still being processed: the provider has no final answer yet.' : MESSAGES[view.status];
  return { message, data: view };
}

/**
 * Re-checks ask the upstream: 3 per order in 5 minutes, 30 per agent in 15 minutes (the
 * dashboard's and the API's together). Keyed after validation, so a request names its order.
 */
export function recheckLimits(app: FastifyInstance) {
  const agentOf = (request: FastifyRequest) => request.auth?.user.id ?? request.ip;
  return [
    limit(app, {
      name: 'recheck-order',
      max: 3,
      windowMs: 5 * 60_000,
      key: (request) => `${agentOf(request)}|${(request.params as { requestId: string }).requestId}`,
    }),
    limit(app, { name: 'recheck-agent', max: 30, windowMs: 15 * 60_000, key: agentOf }),
  ];
}

export function registerPurchaseRoutes(
  app: FastifyInstance,
  deps: { purchases: PurchasesService; pins: TransactionPinService },
): void {
  // Generous for a busy kiosk, firm against a runaway script.
  const perAgent = limit(app, {
    name: 'purchases',
    max: 120,
    windowMs: 60_000,
    key: (request) => request.auth?.user.id ?? request.ip,
  });

  // The transaction PIN is checked before anything is charged (docs/decisions/043): a wrong
  // one never reaches the purchase. The reseller API's route has no PIN.
  mountEndpoint(app, createPurchase, { preHandler: [perAgent] }, async ({ auth, body, reply }) => {
    const { pin, ...purchase } = body;
    await requirePin(deps.pins, reply, auth.user.id, pin);
    return answerPurchase(deps.purchases, auth.user, purchase);
  });

  mountEndpoint(app, recheckPurchase, { preHandler: recheckLimits(app) }, ({ auth, params }) =>
    answerRecheck(deps.purchases, auth.user.id, params.requestId!),
  );

  mountEndpoint(app, getPurchase, {}, ({ auth, params }) =>
    answerPurchaseState(deps.purchases, auth.user.id, params.requestId!),
  );
}

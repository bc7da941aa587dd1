import type { FastifyInstance } from 'fastify';
import type { EndpointParsedBody } from '@agentdesk/contract/endpoint';
import { createPurchase, getPurchase, type TOrder } from '@agentdesk/contract/purchases/purchase';
import { limit } from '../../http/rate-limits.js';
import { mountEndpoint } from '../../http/route.js';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from '../auth/users.repo.js';
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
  body: EndpointParsedBody<typeof createPurchase>,
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

export function registerPurchaseRoutes(app: FastifyInstance, deps: { purchases: PurchasesService }): void {
  // Generous for a busy kiosk, firm against a runaway script.
  const perAgent = limit(app, {
    name: 'purchases',
    max: 120,
    windowMs: 60_000,
    key: (request) => request.auth?.user.id ?? request.ip,
  });

  mountEndpoint(app, createPurchase, { preHandler: [perAgent] }, ({ auth, body }) =>
    answerPurchase(deps.purchases, auth.user, body),
  );

  mountEndpoint(app, getPurchase, {}, ({ auth, params }) =>
    answerPurchaseState(deps.purchases, auth.user.id, params.requestId!),
  );
}

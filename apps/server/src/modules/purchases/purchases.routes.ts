import type { FastifyInstance } from 'fastify';
import { createPurchase, getPurchase } from '@agentdesk/contract/purchases/purchase';
import { limit } from '../../http/rate-limits.js';
import { mountEndpoint } from '../../http/route.js';
import { AppError } from '../../lib/app-error.js';
import { toOrderView } from './order-view.js';
import type { PurchasesService } from './purchases.service.js';

const MESSAGES = {
  delivered: 'Purchase successful',
  pending: 'Your purchase is being processed. We will update it shortly.',
  failed: 'The purchase did not go through. Your wallet has been refunded.',
} as const;

export function registerPurchaseRoutes(app: FastifyInstance, deps: { purchases: PurchasesService }): void {
  // Generous for a busy kiosk, firm against a runaway script.
  const perAgent = limit(app, {
    name: 'purchases',
    max: 120,
    windowMs: 60_000,
    key: (request) => request.auth?.user.id ?? request.ip,
  });

  mountEndpoint(app, createPurchase, { preHandler: [perAgent] }, async ({ auth, body }) => {
    const { order, created } = await deps.purchases.purchase(auth.user.id, body);
    const view = toOrderView(order);
    return {
      status: created ? 201 : 200,
      message: created ? MESSAGES[view.status] : 'This purchase was already made',
      data: view,
    };
  });

  mountEndpoint(app, getPurchase, {}, async ({ auth, params }) => {
    const order = await deps.purchases.find(auth.user.id, params.requestId!);
    if (!order) throw new AppError('NOT_FOUND', 'Purchase not found');
    const view = toOrderView(order);
    return { message: MESSAGES[view.status], data: view };
  });
}

import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { PurchasesService } from './purchases.service.js';

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

/**
 * The upstream's webhook (unsigned by the upstream, so guarded by a secret path token).
 * A transaction-update is only a hint: we requery and settle on the requery's answer. A
 * variations-update is one too: the service it names is read again from the upstream
 * (decision 041), whatever else the hint says.
 */
export function registerUpstreamWebhook(
  app: FastifyInstance,
  deps: {
    purchases: PurchasesService;
    token: string | undefined;
    refreshVariations: (serviceId: string) => Promise<unknown>;
  },
): void {
  const { token } = deps;
  if (!token) return;
  app.post('/api/v1/webhooks/upstream/:token', async (request, reply) => {
    const given = Buffer.from(String((request.params as { token?: string }).token ?? ''));
    const expected = Buffer.from(token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError('NOT_FOUND', 'Not found');
    const body = obj(request.body);
    if (body.type === 'transaction-update') {
      const data = obj(body.data);
      const requestId =
        typeof data.requestId === 'string'
          ? data.requestId
          : typeof data.request_id === 'string'
            ? data.request_id
            : undefined;
      // Only an id of the form we send can name an order (no NUL or other byte the database refuses).
      if (requestId && /^[A-Za-z0-9_-]{1,64}$/.test(requestId)) await deps.purchases.requeryByUpstreamId(requestId);
    }
    if (body.type === 'variations-update') {
      const serviceId = body.serviceID ?? obj(body.data).serviceID;
      // A service id of the catalogue's form only; an unknown one reads nothing.
      if (typeof serviceId === 'string' && /^[a-z0-9-]{1,60}$/.test(serviceId)) await deps.refreshVariations(serviceId);
    }
    return reply.send({ response: 'success' });
  });
}

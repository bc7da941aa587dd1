import type { FastifyInstance } from 'fastify';
import {
  getWebhook,
  listWebhookDeliveries,
  rotateWebhookSecret,
  saveWebhook,
  sendWebhookTest,
} from '@agentdesk/contract/api/webhooks';
import { limit } from '../../http/rate-limits.js';
import { mountEndpoint } from '../../http/route.js';
import type { WebhooksService } from './webhooks.service.js';

export function registerWebhookRoutes(app: FastifyInstance, deps: { webhooks: WebhooksService }): void {
  const { webhooks } = deps;
  // A test event is an outgoing request on the agent's say-so: enough to check a receiver, not to flood one.
  const tests = limit(app, {
    name: 'webhook-test',
    max: 20,
    windowMs: 60_000,
    key: (request) => request.auth?.user.id ?? request.ip,
  });
  const secrets = limit(app, {
    name: 'webhook-secret',
    max: 30,
    windowMs: 60 * 60_000,
    key: (request) => request.auth?.user.id ?? request.ip,
  });

  mountEndpoint(app, getWebhook, {}, async ({ auth }) => ({ message: 'OK', data: await webhooks.get(auth.user.id) }));

  mountEndpoint(app, saveWebhook, {}, async ({ auth, body }) => {
    const saved = await webhooks.save(auth.user.id, body);
    return {
      message: saved.secret
        ? 'Webhook saved. Copy the signing secret now: it will not be shown again.'
        : 'Webhook saved',
      data: saved,
    };
  });

  mountEndpoint(app, rotateWebhookSecret, { preHandler: [secrets] }, async ({ auth }) => ({
    message: 'New signing secret created. Copy it now: it will not be shown again. The old one no longer verifies.',
    data: await webhooks.rotate(auth.user.id),
  }));

  mountEndpoint(app, sendWebhookTest, { preHandler: [tests] }, async ({ auth }) => {
    const delivery = await webhooks.sendTest(auth.user.id);
    return {
      message:
        delivery.status === 'delivered'
          ? `Test event delivered (HTTP ${delivery.lastStatusCode})`
          : `Test event not delivered: ${delivery.lastError ?? 'no answer'}`,
      data: delivery,
    };
  });

  mountEndpoint(app, listWebhookDeliveries, {}, async ({ auth, query }) => {
    const page = await webhooks.list(auth.user.id, query);
    return { message: 'OK', data: page.items, meta: { nextCursor: page.nextCursor } };
  });
}

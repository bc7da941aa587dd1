import type { FastifyInstance } from 'fastify';
import { startBackgroundWorker } from '../../lib/background-worker.js';
import type { WebhooksService } from './webhooks.service.js';

/**
 * Sends due webhook deliveries in the background. Each round claims its deliveries with FOR
 * UPDATE SKIP LOCKED and leases them, so every instance can run one. Rounds never overlap.
 */
export function startWebhookWorker(app: FastifyInstance, webhooks: WebhooksService, intervalMs: number): void {
  startBackgroundWorker(app, { name: 'webhook', intervalMs, runDue: (limit) => webhooks.runDue(limit) });
}

import type { FastifyInstance } from 'fastify';
import { startBackgroundWorker } from '../../lib/background-worker.js';
import type { WebhooksService } from './webhooks.service.js';

/** How often settled deliveries past their 30 days are deleted, while the worker runs. */
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Sends due webhook deliveries in the background. Each round claims its deliveries with FOR
 * UPDATE SKIP LOCKED and leases them, so every instance can run one. Rounds never overlap.
 * Once an hour it also deletes settled deliveries older than 30 days (KEEP_DELIVERIES_MS).
 */
export function startWebhookWorker(app: FastifyInstance, webhooks: WebhooksService, intervalMs: number): void {
  startBackgroundWorker(app, { name: 'webhook', intervalMs, runDue: (limit) => webhooks.runDue(limit) });
  startBackgroundWorker(app, {
    name: 'webhook retention',
    intervalMs: intervalMs > 0 ? PRUNE_EVERY_MS : 0,
    runDue: (limit) => webhooks.pruneSettled(limit),
  });
}

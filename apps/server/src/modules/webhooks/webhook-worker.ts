import type { FastifyInstance } from 'fastify';
import type { WebhooksService } from './webhooks.service.js';

/**
 * Sends due webhook deliveries in the background. Each round claims its deliveries with FOR
 * UPDATE SKIP LOCKED and leases them, so every instance can run one. Rounds never overlap.
 */
export function startWebhookWorker(app: FastifyInstance, webhooks: WebhooksService, intervalMs: number): void {
  if (intervalMs <= 0) return;
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= (async () => {
      try {
        // Keep going while full batches come back, so a backlog drains quickly.
        while ((await webhooks.runDue(20)) === 20);
      } catch (error) {
        app.log.error({ err: error }, 'webhook round failed');
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  app.addHook('onReady', async () => tick());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

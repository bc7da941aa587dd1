import type { FastifyInstance } from 'fastify';
import type { PurchasesService } from './purchases.service.js';

/**
 * Resolves unresolved orders in the background: pending ones by requery, and ones debited
 * but never sent (a crash between commit and call) by sending them. Each round claims its
 * orders with FOR UPDATE SKIP LOCKED, so every instance can run one. Rounds never overlap.
 */
export function startRequeryWorker(app: FastifyInstance, purchases: PurchasesService, intervalMs: number): void {
  if (intervalMs <= 0) return;
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= (async () => {
      try {
        // Keep going while full batches come back, so a backlog drains quickly.
        while ((await purchases.runDue(20)) === 20);
      } catch (error) {
        app.log.error({ err: error }, 'requery round failed');
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

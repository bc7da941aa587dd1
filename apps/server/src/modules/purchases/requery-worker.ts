import type { FastifyInstance } from 'fastify';
import { startBackgroundWorker } from '../../lib/background-worker.js';
import type { PurchasesService } from './purchases.service.js';

/**
 * Resolves unresolved orders in the background: pending ones by requery, and ones debited
 * but never sent (a crash between commit and call) by sending them. Each round claims `batch`
 * orders with FOR UPDATE SKIP LOCKED, so every instance can run one, and asks about them all at
 * once (REQUERY_CONCURRENCY). Rounds never overlap.
 */
export function startRequeryWorker(
  app: FastifyInstance,
  purchases: PurchasesService,
  options: { intervalMs: number; batch: number },
): void {
  startBackgroundWorker(app, {
    name: 'requery',
    intervalMs: options.intervalMs,
    batch: options.batch,
    runDue: (limit) => purchases.runDue(limit),
  });
}

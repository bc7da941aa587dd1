import type { FastifyInstance } from 'fastify';
import { startBackgroundWorker } from '../../lib/background-worker.js';
import type { PurchasesService } from './purchases.service.js';

/**
 * Resolves unresolved orders in the background: pending ones by requery, and ones debited
 * but never sent (a crash between commit and call) by sending them. Each round claims its
 * orders with FOR UPDATE SKIP LOCKED, so every instance can run one. Rounds never overlap.
 */
export function startRequeryWorker(app: FastifyInstance, purchases: PurchasesService, intervalMs: number): void {
  startBackgroundWorker(app, { name: 'requery', intervalMs, runDue: (limit) => purchases.runDue(limit) });
}

import type { FastifyInstance } from 'fastify';
import type { THealthDetails } from '@agentdesk/contract/admin/health';
import { health, type THealthStatus } from '@agentdesk/contract/health';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import { isCatalogSynced } from '../catalog/catalog.repo.js';

export const VERSION = '0.1.0';

export const HEALTH_MESSAGES: Record<THealthStatus, string> = {
  ok: 'OK',
  starting: 'Starting: the catalogue is being loaded',
  degraded: 'Database unreachable',
};

/** The readiness check, with its details: the public status and the operators' health share it. */
export function createHealthCheck(db: Database): () => Promise<THealthDetails> {
  // Until a full catalogue sync has completed (main.ts runs one at start), the catalogue may be
  // missing or partial: 'starting'. Once seen, it stays so (a completed sync is never undone),
  // so a polled health check is one `SELECT 1` from then on.
  let catalogReady = false;
  async function check(): Promise<THealthDetails> {
    let reachable = true;
    try {
      if (catalogReady) await db.query('SELECT 1');
      else catalogReady = await isCatalogSynced(db);
    } catch {
      reachable = false;
    }
    const status: THealthStatus = !reachable ? 'degraded' : catalogReady ? 'ok' : 'starting';
    return { status, database: { reachable, kind: db.kind }, version: VERSION };
  }
  return check;
}

/**
 * `GET /api/health` for load balancers: the status alone (503 unless 'ok'), nothing about what
 * the server runs on (operators read the details: health-admin.routes.ts).
 */
export function registerHealthRoutes(app: FastifyInstance, deps: { check: () => Promise<THealthDetails> }): void {
  const { check } = deps;
  mountEndpoint(app, health, {}, async () => {
    const { status } = await check();
    // 503 tells a load balancer to route elsewhere; the message says why.
    return { status: status === 'ok' ? 200 : 503, message: HEALTH_MESSAGES[status], data: { status } };
  });
}

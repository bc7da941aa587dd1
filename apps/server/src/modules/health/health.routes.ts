import type { FastifyInstance } from 'fastify';
import { health } from '@agentdesk/contract/health';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';

export const VERSION = '0.1.0';

export function registerHealthRoutes(app: FastifyInstance, deps: { db: Database }): void {
  mountEndpoint(app, health, {}, async () => {
    const reachable = await deps.db
      .query('SELECT 1')
      .then(() => true)
      .catch(() => false);
    return {
      // 503 tells a load balancer to route elsewhere; the body says why.
      status: reachable ? 200 : 503,
      message: reachable ? 'OK' : 'Database unreachable',
      data: {
        status: reachable ? ('ok' as const) : ('degraded' as const),
        database: { reachable, kind: deps.db.kind },
        version: VERSION,
      },
    };
  });
}

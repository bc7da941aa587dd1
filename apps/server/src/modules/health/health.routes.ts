import type { FastifyInstance } from 'fastify';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { health } from '@agentdesk/contract/health';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import { isCatalogSynced } from '../catalog/catalog.repo.js';

export const VERSION = '0.1.0';

type TStatus = EndpointData<typeof health>['status'];

export function registerHealthRoutes(app: FastifyInstance, deps: { db: Database }): void {
  // Until a full catalogue sync has completed (main.ts runs one at start), the catalogue may be
  // missing or partial: 'starting'. Once seen, it stays so (a completed sync is never undone),
  // so a polled health check is one `SELECT 1` from then on.
  let catalogReady = false;
  mountEndpoint(app, health, {}, async () => {
    let reachable = true;
    try {
      if (catalogReady) await deps.db.query('SELECT 1');
      else catalogReady = await isCatalogSynced(deps.db);
    } catch {
      reachable = false;
    }
    const status: TStatus = !reachable ? 'degraded' : catalogReady ? 'ok' : 'starting';
    return {
      // 503 tells a load balancer to route elsewhere; the body says why.
      status: status === 'ok' ? 200 : 503,
      message:
        status === 'ok'
          ? 'OK'
          : status === 'starting'
            ? 'Starting: the catalogue is being loaded'
            : 'Database unreachable',
      data: { status, database: { reachable, kind: deps.db.kind }, version: VERSION },
    };
  });
}

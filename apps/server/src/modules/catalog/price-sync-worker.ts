import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { startBackgroundWorker } from '../../lib/background-worker.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditActor } from '../audit/audit-actor.js';
import type { UpstreamsService } from '../routing/upstreams.service.js';
import type { UpstreamAdapter } from '../upstream/upstream.js';
import { isCatalogSynced } from './catalog.repo.js';
import { syncCatalog } from './catalog-sync.service.js';

/** Who reads the other upstreams' plans on a timer, as their audit rows name it. */
const PRICE_SYNC_ACTOR: AuditActor = { operatorId: null, role: null, ip: null, userAgent: 'periodic price sync' };

export interface PriceSyncDeps {
  db: Database;
  clock: Clock;
  /** The catalogue's upstream. */
  upstream: UpstreamAdapter;
  upstreams: Pick<UpstreamsService, 'list' | 'syncPlans'>;
}

/**
 * One round of the periodic price sync (decision 041): the catalogue from its upstream, then
 * each other enabled upstream's plans and costs. Prices follow whatever changed, once; an
 * upstream that fails is skipped until the next round. Nothing before the first full sync,
 * which is the start's (main.ts). Answers how many plans' amounts changed in the catalogue.
 */
export async function priceSyncRound(deps: PriceSyncDeps, log?: FastifyInstance['log']): Promise<number> {
  if (!(await isCatalogSynced(deps.db))) return 0;
  const report = await syncCatalog({ db: deps.db, clock: deps.clock, upstream: deps.upstream });
  for (const upstream of await deps.upstreams.list()) {
    if (!upstream.enabled || upstream.catalogue) continue;
    try {
      await deps.upstreams.syncPlans(PRICE_SYNC_ACTOR, upstream.id);
    } catch (error) {
      log?.warn({ err: error, upstream: upstream.id }, 'periodic plans sync failed');
    }
  }
  return report.pricesChanged;
}

/**
 * Runs `priceSyncRound` every `intervalMs` (0: never), one round at a time, stopped with the
 * server. Not at start: the start syncs the catalogue itself (main.ts).
 */
export function startPriceSync(app: FastifyInstance, deps: PriceSyncDeps & { intervalMs: number }): void {
  startBackgroundWorker(app, {
    name: 'price sync',
    intervalMs: deps.intervalMs,
    atReady: false,
    // A round claims no rows: it never asks for another at once.
    runDue: async () => {
      await priceSyncRound(deps, app.log);
      return 0;
    },
  });
}

import type { ServiceCategory } from '@agentdesk/contract/catalog/services';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { UpstreamAdapter } from '../upstream/upstream.js';
import { markCatalogSynced, upsertService, upsertVariation, withdrawUnlistedVariations } from './catalog.repo.js';

/** Upstream category identifier → ours, with the discount a new service starts with (basis points). */
const CATEGORIES: Array<{ upstream: string; category: ServiceCategory; defaultDiscountBps: number }> = [
  { upstream: 'airtime', category: 'airtime', defaultDiscountBps: 200 },
  { upstream: 'data', category: 'data', defaultDiscountBps: 300 },
  { upstream: 'electricity-bill', category: 'electricity', defaultDiscountBps: 50 },
  { upstream: 'tv-subscription', category: 'cable', defaultDiscountBps: 100 },
  { upstream: 'education', category: 'result-checker', defaultDiscountBps: 100 },
];

export interface SyncReport {
  services: number;
  variations: number;
  /** Plans the upstream no longer lists, no longer for sale. */
  withdrawn: number;
}

/**
 * Pulls services and variations from the upstream into the catalogue. Names, bounds and
 * face values follow the upstream; discounts, agent prices and switches stay the operators'.
 * A plan the upstream no longer lists is withdrawn from sale (and back when it is listed
 * again), except when a service that sells plans answers none at all, which looks like the
 * upstream's hiccup rather than a service with nothing to sell.
 *
 * Each service commits on its own, so a sync cut short (a crash, the upstream down, `signal`
 * aborted by a shutdown) keeps what it did, and running it whole again completes it. Only a
 * sync that went through every category and service records itself completed
 * (`catalog_sync`): until one has, a start syncs again and /api/health says 'starting'.
 */
export async function syncCatalog(deps: {
  db: Database;
  clock: Clock;
  upstream: UpstreamAdapter;
  signal?: AbortSignal;
  /** Runs in the transaction that records the sync completed (an operator's sync: its audit row). */
  onCompleted?: (tx: Queryable, report: SyncReport) => Promise<void>;
}): Promise<SyncReport> {
  const report: SyncReport = { services: 0, variations: 0, withdrawn: 0 };
  for (const { upstream, category, defaultDiscountBps } of CATEGORIES) {
    deps.signal?.throwIfAborted();
    const services = await deps.upstream.listServices(upstream);
    for (const service of services) {
      deps.signal?.throwIfAborted();
      const variations =
        service.productType === 'fix' || category === 'electricity'
          ? await deps.upstream.listVariations(service.serviceId)
          : [];
      deps.signal?.throwIfAborted();
      await deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        await upsertService(tx, {
          service_id: service.serviceId,
          category,
          name: service.name,
          image_url: service.image,
          product_type: service.productType,
          min_amount: service.minimumAmount,
          max_amount: service.maximumAmount,
          discount_bps: defaultDiscountBps,
          now,
        });
        for (const [position, variation] of variations.entries()) {
          await upsertVariation(tx, {
            serviceId: service.serviceId,
            code: variation.code,
            name: variation.name,
            faceValue: variation.amount,
            position,
            now,
          });
        }
        if (variations.length > 0) {
          const codes = variations.map((variation) => variation.code);
          report.withdrawn += await withdrawUnlistedVariations(tx, service.serviceId, codes);
        }
      });
      report.services++;
      report.variations += variations.length;
    }
  }
  // Purchases on this instance price from the new catalogue once this answers (decision 026).
  await deps.db.notifications.delivered();
  await deps.db.transaction(async (tx) => {
    await markCatalogSynced(tx, deps.clock.now());
    await deps.onCompleted?.(tx, report);
  });
  return report;
}

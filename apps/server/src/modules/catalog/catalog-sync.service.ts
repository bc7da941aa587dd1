import type { ServiceCategory } from '@agentdesk/contract/catalog/services';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { FIRST_UPSTREAM_ID } from '../ledger/ledger.repo.js';
import type { UpstreamAdapter, UpstreamVariation } from '../upstream/upstream.js';
import {
  findService,
  lockFaceValues,
  markCatalogSynced,
  upsertService,
  upsertVariation,
  withdrawUnlistedVariations,
} from './catalog.repo.js';
import { followCosts, type CostChange } from './price-follow.js';

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
  /** Plans whose amount changed, their prices following each level's rule (decision 041). */
  pricesChanged: number;
}

/**
 * Writes a service's variations as the upstream lists them now, in the caller's transaction,
 * and follows every amount that changed (decision 041): the amounts before are read under the
 * rows' locks in the same transaction, so a replay (a hint sent twice, a sync with nothing new)
 * finds no change and does nothing.
 */
async function applyVariations(
  tx: Queryable,
  serviceId: string,
  variations: readonly UpstreamVariation[],
  now: Date,
): Promise<{ withdrawn: number; changed: number }> {
  const before = await lockFaceValues(tx, serviceId);
  const changes: CostChange[] = [];
  for (const [position, variation] of variations.entries()) {
    await upsertVariation(tx, {
      serviceId,
      code: variation.code,
      name: variation.name,
      faceValue: variation.amount,
      position,
      now,
    });
    const was = before.get(variation.code);
    if (was !== undefined && was !== variation.amount) {
      changes.push({
        serviceId,
        code: variation.code,
        upstreamId: FIRST_UPSTREAM_ID,
        before: was,
        after: variation.amount,
      });
    }
  }
  let withdrawn = 0;
  if (variations.length > 0) {
    withdrawn = await withdrawUnlistedVariations(
      tx,
      serviceId,
      variations.map((variation) => variation.code),
    );
  }
  const followed = await followCosts(tx, changes, { catalogueUpstreamId: FIRST_UPSTREAM_ID, now });
  return { withdrawn, changed: followed.changed };
}

/**
 * Reads one service's variations from the catalogue upstream again, as the upstream's
 * `variations-update` hint asks (decision 041): the hint names the service and nothing of it is
 * trusted; what is applied is what the upstream answers. Answers false for a service the
 * catalogue does not have or that sells no plans (nothing is read for it).
 */
export async function refreshServiceVariations(
  deps: { db: Database; clock: Clock; upstream: UpstreamAdapter },
  serviceId: string,
): Promise<{ changed: number } | false> {
  const service = await findService(deps.db, serviceId);
  if (!service || !(service.product_type === 'fix' || service.category === 'electricity')) return false;
  const variations = await deps.upstream.listVariations(serviceId);
  // A service that sells plans answering none looks like the upstream's hiccup (as in the sync).
  if (variations.length === 0) return { changed: 0 };
  const result = await deps.db.transaction((tx) => applyVariations(tx, serviceId, variations, deps.clock.now()));
  await deps.db.notifications.delivered();
  return { changed: result.changed };
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
  const report: SyncReport = { services: 0, variations: 0, withdrawn: 0, pricesChanged: 0 };
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
        const applied = await applyVariations(tx, service.serviceId, variations, now);
        report.withdrawn += applied.withdrawn;
        report.pricesChanged += applied.changed;
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

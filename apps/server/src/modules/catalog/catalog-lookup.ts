import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { createNotifiedCache } from '../../lib/notified-cache.js';
import {
  findService,
  findVariation,
  listEnabledVariations,
  type CatalogServiceRow,
  type CatalogVariationRow,
} from './catalog.repo.js';

/** The catalogue rows a purchase is priced from. */
export interface CatalogLookup {
  service(serviceId: string): Promise<CatalogServiceRow | undefined>;
  variation(serviceId: string, code: string): Promise<CatalogVariationRow | undefined>;
  enabledVariations(serviceId: string): Promise<CatalogVariationRow[]>;
}

// Any catalogue change (a sync, an operator's price or switch) empties these (docs/decisions/026).
const CACHE = { channel: 'agentdesk_catalog', ttlMs: 10 * 60_000, maxEntries: 10_000 };

/** The catalogue as read by purchases, kept in memory until PostgreSQL notifies a change to it. */
export async function createCatalogLookup(deps: { db: Database; clock: Clock }): Promise<CatalogLookup> {
  const { db } = deps;
  const options = { ...CACHE, notifications: db.notifications, clock: deps.clock };
  const services = await createNotifiedCache<string, CatalogServiceRow>(options);
  const variations = await createNotifiedCache<string, CatalogVariationRow>(options);
  const enabled = await createNotifiedCache<string, CatalogVariationRow[]>(options);
  return {
    service: (serviceId) => services.get(serviceId, () => findService(db, serviceId)),
    variation: (serviceId, code) => variations.get(`${serviceId}\n${code}`, () => findVariation(db, serviceId, code)),
    enabledVariations: async (serviceId) =>
      (await enabled.get(serviceId, () => listEnabledVariations(db, [serviceId]))) ?? [],
  };
}

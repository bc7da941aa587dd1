import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { createNotifiedCache } from '../../lib/notified-cache.js';
import { findLevelTerms } from '../price-levels/price-levels.repo.js';
import {
  findService,
  findVariation,
  listEnabledVariations,
  type CatalogServiceRow,
  type CatalogVariationRow,
} from './catalog.repo.js';
import { CATALOGUE_TERMS, type LevelTerms } from './pricing.js';

/** The catalogue rows a purchase is priced from, and the overrides of the agent's price level. */
export interface CatalogLookup {
  service(serviceId: string): Promise<CatalogServiceRow | undefined>;
  variation(serviceId: string, code: string): Promise<CatalogVariationRow | undefined>;
  enabledVariations(serviceId: string): Promise<CatalogVariationRow[]>;
  /** A price level's overrides (docs/decisions/038); none without a level. */
  levelTerms(levelId: string | null): Promise<LevelTerms>;
}

// Any catalogue change (a sync, an operator's price or switch) and any change to a price level's
// overrides (migration 030's triggers) empties these (docs/decisions/026).
const CACHE = { channel: 'agentdesk_catalog', ttlMs: 10 * 60_000, maxEntries: 10_000 };

/** The catalogue as read by purchases, kept in memory until PostgreSQL notifies a change to it. */
export async function createCatalogLookup(deps: { db: Database; clock: Clock }): Promise<CatalogLookup> {
  const { db } = deps;
  const options = { ...CACHE, notifications: db.notifications, clock: deps.clock };
  const services = await createNotifiedCache<string, CatalogServiceRow>(options);
  const variations = await createNotifiedCache<string, CatalogVariationRow>(options);
  const enabled = await createNotifiedCache<string, CatalogVariationRow[]>(options);
  // Keyed by level ids read from agents' rows, never from a request: a handful of entries.
  const levels = await createNotifiedCache<string, LevelTerms>(options);
  return {
    service: (serviceId) => services.get(serviceId, () => findService(db, serviceId)),
    variation: (serviceId, code) => variations.get(`${serviceId}\n${code}`, () => findVariation(db, serviceId, code)),
    enabledVariations: async (serviceId) =>
      (await enabled.get(serviceId, () => listEnabledVariations(db, [serviceId]))) ?? [],
    levelTerms: async (levelId) =>
      levelId === null
        ? CATALOGUE_TERMS
        : ((await levels.get(levelId, () => findLevelTerms(db, levelId))) ?? CATALOGUE_TERMS),
  };
}

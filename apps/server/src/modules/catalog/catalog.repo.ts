import type { ServiceCategory } from '@agentdesk/contract/catalog/services';
import type { Queryable } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';

export interface CatalogServiceRow {
  service_id: string;
  category: ServiceCategory;
  name: string;
  image_url: string | null;
  product_type: 'fix' | 'flexible';
  min_amount: bigint | null;
  max_amount: bigint | null;
  discount_bps: number;
  enabled: boolean;
}

export interface CatalogVariationRow {
  service_id: string;
  code: string;
  name: string;
  face_value: bigint;
  agent_price: bigint | null;
  enabled: boolean;
}

/** Inserts or refreshes a service; operator settings (discount, enabled) are kept. */
export async function upsertService(
  db: Queryable,
  service: Omit<CatalogServiceRow, 'enabled'> & { now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO catalog_services (service_id, category, name, image_url, product_type, min_amount, max_amount, discount_bps, synced_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (service_id) DO UPDATE SET name = EXCLUDED.name, image_url = EXCLUDED.image_url, product_type = EXCLUDED.product_type,
       min_amount = EXCLUDED.min_amount, max_amount = EXCLUDED.max_amount, synced_at = EXCLUDED.synced_at`,
    [
      service.service_id,
      service.category,
      service.name,
      service.image_url,
      service.product_type,
      service.min_amount,
      service.max_amount,
      service.discount_bps,
      service.now,
    ],
  );
}

/**
 * Inserts or refreshes a variation's name and face value, listed by the upstream again; an
 * operator's agent price and switch are kept.
 */
export async function upsertVariation(
  db: Queryable,
  variation: { serviceId: string; code: string; name: string; faceValue: bigint; position: number; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO catalog_variations (service_id, code, name, face_value, position, synced_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (service_id, code) DO UPDATE SET name = EXCLUDED.name, face_value = EXCLUDED.face_value,
       position = EXCLUDED.position, synced_at = EXCLUDED.synced_at, listed = true`,
    [variation.serviceId, variation.code, variation.name, variation.faceValue, variation.position, variation.now],
  );
}

/** Marks the service's plans the upstream no longer lists as withdrawn; answers how many were. */
export async function withdrawUnlistedVariations(
  db: Queryable,
  serviceId: string,
  listedCodes: string[],
): Promise<number> {
  const rows = await db.query(
    `UPDATE catalog_variations SET listed = false WHERE service_id = $1 AND listed AND NOT (code = ANY($2::text[])) RETURNING 1`,
    [serviceId, listedCodes],
  );
  return rows.length;
}

export async function countServices(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalog_services');
  return rows[0]?.n ?? 0;
}

export async function listEnabledServices(db: Queryable, category?: ServiceCategory): Promise<CatalogServiceRow[]> {
  return db.query<CatalogServiceRow>(
    `SELECT * FROM catalog_services WHERE enabled AND ($1::text IS NULL OR category = $1) ORDER BY category, service_id`,
    [category ?? null],
  );
}

export async function listEnabledVariations(db: Queryable, serviceIds: string[]): Promise<CatalogVariationRow[]> {
  if (serviceIds.length === 0) return [];
  return db.query<CatalogVariationRow>(
    `SELECT v.* FROM catalog_variations v WHERE v.enabled AND v.listed AND v.service_id = ANY($1::text[])
     ORDER BY v.service_id, v.position, v.code`,
    [serviceIds],
  );
}

// Every purchase prices from these two.
const FIND_SERVICE = prepared(
  `SELECT service_id, category, name, image_url, product_type, min_amount, max_amount, discount_bps, enabled
   FROM catalog_services WHERE service_id = $1`,
);
// `enabled` here is whether the plan is for sale: switched on and still listed by the upstream.
const FIND_VARIATION = prepared(
  `SELECT service_id, code, name, face_value, agent_price, enabled AND listed AS enabled
   FROM catalog_variations WHERE service_id = $1 AND code = $2`,
);

export async function findService(db: Queryable, serviceId: string): Promise<CatalogServiceRow | undefined> {
  const rows = await db.query<CatalogServiceRow>(FIND_SERVICE, [serviceId]);
  return rows[0];
}

export async function findVariation(
  db: Queryable,
  serviceId: string,
  code: string,
): Promise<CatalogVariationRow | undefined> {
  const rows = await db.query<CatalogVariationRow>(FIND_VARIATION, [serviceId, code]);
  return rows[0];
}

/** What operators set of a service, locked until commit (an audited change reads it before and after). */
export async function lockServiceTerms(
  db: Queryable,
  serviceId: string,
): Promise<{ discount_bps: number; enabled: boolean } | undefined> {
  const rows = await db.query<{ discount_bps: number; enabled: boolean }>(
    'SELECT discount_bps, enabled FROM catalog_services WHERE service_id = $1 FOR UPDATE',
    [serviceId],
  );
  return rows[0];
}

/** What operators set of a plan, locked until commit. */
export async function lockVariationTerms(
  db: Queryable,
  serviceId: string,
  code: string,
): Promise<{ agent_price: bigint | null; enabled: boolean; face_value: bigint } | undefined> {
  const rows = await db.query<{ agent_price: bigint | null; enabled: boolean; face_value: bigint }>(
    'SELECT agent_price, enabled, face_value FROM catalog_variations WHERE service_id = $1 AND code = $2 FOR UPDATE',
    [serviceId, code],
  );
  return rows[0];
}

export async function setServiceTerms(
  db: Queryable,
  serviceId: string,
  terms: { discountBps?: number; enabled?: boolean },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE catalog_services SET discount_bps = coalesce($2, discount_bps), enabled = coalesce($3, enabled) WHERE service_id = $1 RETURNING 1`,
    [serviceId, terms.discountBps ?? null, terms.enabled ?? null],
  );
  return rows.length > 0;
}

export async function setVariationTerms(
  db: Queryable,
  serviceId: string,
  code: string,
  terms: { agentPrice?: bigint | null; enabled?: boolean },
): Promise<boolean> {
  const rows = await db.query(
    // Switched on by an operator: the reason it was switched off by itself is behind it (decision 041).
    `UPDATE catalog_variations SET agent_price = CASE WHEN $3 THEN $4::bigint ELSE agent_price END, enabled = coalesce($5, enabled),
       off_reason = CASE WHEN $5 THEN NULL ELSE off_reason END, off_at = CASE WHEN $5 THEN NULL ELSE off_at END
     WHERE service_id = $1 AND code = $2 RETURNING 1`,
    [serviceId, code, terms.agentPrice !== undefined, terms.agentPrice ?? null, terms.enabled ?? null],
  );
  return rows.length > 0;
}

/** A plan's prices and state, locked until commit (its prices are about to follow a change: decision 041). */
export async function lockVariationForFollow(
  db: Queryable,
  serviceId: string,
  code: string,
): Promise<
  | { code: string; name: string; face_value: bigint; agent_price: bigint | null; enabled: boolean; listed: boolean }
  | undefined
> {
  const rows = await db.query<{
    code: string;
    name: string;
    face_value: bigint;
    agent_price: bigint | null;
    enabled: boolean;
    listed: boolean;
  }>(
    `SELECT code, name, face_value, agent_price, enabled, listed FROM catalog_variations
     WHERE service_id = $1 AND code = $2 FOR UPDATE`,
    [serviceId, code],
  );
  return rows[0];
}

/** A service's plans' face values, locked until commit: what a sync compares the upstream's new amounts with. */
export async function lockFaceValues(db: Queryable, serviceId: string): Promise<Map<string, bigint>> {
  const rows = await db.query<{ code: string; face_value: bigint }>(
    'SELECT code, face_value FROM catalog_variations WHERE service_id = $1 ORDER BY code FOR UPDATE',
    [serviceId],
  );
  return new Map(rows.map((row) => [row.code, row.face_value]));
}

/** Switches a plan off for sale with the reason (an upstream's cost above a level's price: decision 041). */
export async function switchVariationOff(
  db: Queryable,
  serviceId: string,
  code: string,
  reason: string,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE catalog_variations SET enabled = false, off_reason = $3, off_at = $4 WHERE service_id = $1 AND code = $2`,
    [serviceId, code, reason, now],
  );
}

/** Records that a full sync went through every category and service (migration 022). */
export async function markCatalogSynced(db: Queryable, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO catalog_sync (id, completed_at) VALUES (1, $1)
     ON CONFLICT (id) DO UPDATE SET completed_at = EXCLUDED.completed_at`,
    [now],
  );
}

/** Whether a full sync has ever completed: until then the catalogue may be partial. */
export async function isCatalogSynced(db: Queryable): Promise<boolean> {
  const rows = await db.query<{ synced: boolean }>('SELECT EXISTS (SELECT 1 FROM catalog_sync) AS synced');
  return rows[0]?.synced === true;
}

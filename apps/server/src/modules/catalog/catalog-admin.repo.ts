import type { ServiceCategory } from '@agentdesk/contract/catalog/services';
import type { Queryable } from '../../db/database.js';
import type { CatalogServiceRow } from './catalog.repo.js';

/** `q` as a LIKE pattern matching any part of a name or id, its wildcards taken literally. */
function containsPattern(q: string): string {
  return `%${q
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

export interface AdminServiceRow extends CatalogServiceRow {
  plans_total: number;
  plans_for_sale: number;
}

export async function serviceCursorExists(db: Queryable, cursor: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM catalog_services WHERE service_id = $1', [cursor])).length > 0;
}

/**
 * One page of services (limit + 1 rows) in the order of catalog_services_category_idx
 * (category, service_id), after the cursor's service; a search matches any part of the name or
 * id (a catalogue has tens of services: the filter runs on that index's walk).
 */
export async function listAdminServices(
  db: Queryable,
  page: { q?: string | undefined; category?: ServiceCategory | undefined; cursor?: string | undefined; limit: number },
): Promise<AdminServiceRow[]> {
  return db.query<AdminServiceRow>(
    `SELECT s.service_id, s.category, s.name, s.image_url, s.product_type, s.min_amount, s.max_amount,
            s.discount_bps, s.enabled,
            (SELECT count(*)::int FROM catalog_variations v WHERE v.service_id = s.service_id) AS plans_total,
            (SELECT count(*)::int FROM catalog_variations v
              WHERE v.service_id = s.service_id AND v.enabled AND v.listed) AS plans_for_sale
     FROM catalog_services s
     WHERE ($1::text IS NULL OR lower(s.name || ' ' || s.service_id) LIKE $1)
       AND ($2::text IS NULL OR s.category = $2)
       AND ($3::text IS NULL OR (s.category, s.service_id) > (SELECT c.category, c.service_id FROM catalog_services c WHERE c.service_id = $3))
     ORDER BY s.category, s.service_id
     LIMIT $4`,
    [page.q === undefined ? null : containsPattern(page.q), page.category ?? null, page.cursor ?? null, page.limit + 1],
  );
}

export interface AdminPlanRow {
  code: string;
  name: string;
  face_value: bigint;
  agent_price: bigint | null;
  enabled: boolean;
  listed: boolean;
  off_reason: string | null;
}

export async function planCursorExists(db: Queryable, serviceId: string, cursor: string): Promise<boolean> {
  return (
    (await db.query('SELECT 1 FROM catalog_variations WHERE service_id = $1 AND code = $2', [serviceId, cursor]))
      .length > 0
  );
}

/**
 * One page of a service's plans (limit + 1 rows) in the upstream's order (position, code),
 * after the cursor's plan; a search matches any part of the name or code. The rows are the
 * service's, found on the primary key (service_id, code): a service has at most a few hundred.
 */
export async function listAdminPlans(
  db: Queryable,
  serviceId: string,
  page: { q?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<AdminPlanRow[]> {
  return db.query<AdminPlanRow>(
    `SELECT v.code, v.name, v.face_value, v.agent_price, v.enabled, v.listed, v.off_reason
     FROM catalog_variations v
     WHERE v.service_id = $1
       AND ($2::text IS NULL OR lower(v.name || ' ' || v.code) LIKE $2)
       AND ($3::text IS NULL OR (v.position, v.code) >
             (SELECT c.position, c.code FROM catalog_variations c WHERE c.service_id = $1 AND c.code = $3))
     ORDER BY v.position, v.code
     LIMIT $4`,
    [serviceId, page.q === undefined ? null : containsPattern(page.q), page.cursor ?? null, page.limit + 1],
  );
}

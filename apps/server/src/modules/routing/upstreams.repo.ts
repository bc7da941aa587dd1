import type { Queryable } from '../../db/database.js';
import { FIRST_UPSTREAM_ID, upstreamFloatCodes } from '../ledger/ledger.repo.js';

export type UpstreamKind = 'vtpass' | 'clubkonnect';

/** An upstream as stored (migration 029): its credentials sealed, never read back out of the server. */
export interface UpstreamRow {
  id: string;
  kind: UpstreamKind;
  name: string;
  /** Null: the built-in sandbox of its kind. */
  base_url: string | null;
  credentials: Buffer;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
}

const UPSTREAM_COLUMNS = 'id, kind, name, base_url, credentials, enabled, created_at, updated_at';

/** The upstreams, the first (the catalogue's) first, then as they were added. */
export async function listUpstreams(db: Queryable): Promise<UpstreamRow[]> {
  return db.query<UpstreamRow>(`SELECT ${UPSTREAM_COLUMNS} FROM upstreams ORDER BY id <> $1, created_at, id`, [
    FIRST_UPSTREAM_ID,
  ]);
}

export async function findUpstream(db: Queryable, id: string): Promise<UpstreamRow | undefined> {
  const rows = await db.query<UpstreamRow>(`SELECT ${UPSTREAM_COLUMNS} FROM upstreams WHERE id = $1`, [id]);
  return rows[0];
}

export async function lockUpstream(db: Queryable, id: string): Promise<UpstreamRow | undefined> {
  const rows = await db.query<UpstreamRow>(`SELECT ${UPSTREAM_COLUMNS} FROM upstreams WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0];
}

/**
 * Adds an upstream with the ledger accounts of its float (decision 037): answers false when
 * the id is taken, and then changes nothing.
 */
export async function insertUpstream(
  db: Queryable,
  row: Omit<UpstreamRow, 'created_at' | 'updated_at'>,
  now: Date,
): Promise<boolean> {
  const inserted = await db.query(
    `INSERT INTO upstreams (id, kind, name, base_url, credentials, enabled, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [row.id, row.kind, row.name, row.base_url, row.credentials, row.enabled, now],
  );
  if (inserted.length === 0) return false;
  if (row.id !== FIRST_UPSTREAM_ID) {
    await db.query(
      `INSERT INTO ledger_accounts (code, kind, allow_negative)
       SELECT code, 'upstream_float', true FROM unnest($1::text[]) AS code ON CONFLICT (code) DO NOTHING`,
      [upstreamFloatCodes(row.id)],
    );
  }
  return true;
}

export async function updateUpstream(
  db: Queryable,
  id: string,
  change: { name: string; base_url: string | null; credentials: Buffer; enabled: boolean },
  now: Date,
): Promise<UpstreamRow> {
  const rows = await db.query<UpstreamRow>(
    `UPDATE upstreams SET name = $2, base_url = $3, credentials = $4, enabled = $5, updated_at = $6 WHERE id = $1
     RETURNING ${UPSTREAM_COLUMNS}`,
    [id, change.name, change.base_url, change.credentials, change.enabled, now],
  );
  return rows[0]!;
}

/** Writes an upstream's address and credentials (the environment's, at start), leaving the rest as operators set it. */
export async function setUpstreamConnection(
  db: Queryable,
  id: string,
  connection: { base_url: string | null; credentials: Buffer },
  now: Date,
): Promise<void> {
  await db.query(`UPDATE upstreams SET base_url = $2, credentials = $3, updated_at = $4 WHERE id = $1`, [
    id,
    connection.base_url,
    connection.credentials,
    now,
  ]);
}

/** An upstream an order for a service (and plan) may be offered to, in the route's order. */
export interface RouteTarget {
  upstreamId: string;
  kind: UpstreamKind;
  /** The upstream's own code for the plan, when it has one mapped; null for the catalogue's upstream. */
  upstreamCode: string | null;
  /** What the upstream charges for the plan, kobo, when known. */
  cost: bigint | null;
}

/**
 * The enabled upstreams of a service's route, in order, each with its code and cost for the
 * plan; a service without a route goes to the catalogue's upstream alone, if it is enabled.
 */
export async function findRouteTargets(
  db: Queryable,
  serviceId: string,
  variationCode: string | null,
): Promise<RouteTarget[]> {
  const rows = await db.query<{ upstream_id: string; kind: UpstreamKind; code: string | null; cost: bigint | null }>(
    `SELECT u.id AS upstream_id, u.kind, p.code, p.cost, r.position
     FROM upstream_routes r
     JOIN upstreams u ON u.id = r.upstream_id AND u.enabled
     LEFT JOIN upstream_plans p ON p.upstream_id = u.id AND p.service_id = r.service_id AND p.variation_code = $2
     WHERE r.service_id = $1
     UNION ALL
     SELECT u.id, u.kind, NULL, NULL, -1 FROM upstreams u
     WHERE u.id = $3 AND u.enabled AND NOT EXISTS (SELECT 1 FROM upstream_routes WHERE service_id = $1)
     ORDER BY position`,
    [serviceId, variationCode, FIRST_UPSTREAM_ID],
  );
  return rows.map((row) => ({ upstreamId: row.upstream_id, kind: row.kind, upstreamCode: row.code, cost: row.cost }));
}

export interface RouteRow {
  service_id: string;
  position: number;
  upstream_id: string;
}

export async function listRoutes(db: Queryable): Promise<RouteRow[]> {
  return db.query<RouteRow>(
    `SELECT service_id, position, upstream_id FROM upstream_routes ORDER BY service_id, position`,
  );
}

/** Replaces a service's route with these upstreams, in this order (none: the catalogue's upstream alone). */
export async function replaceRoute(db: Queryable, serviceId: string, upstreamIds: readonly string[]): Promise<void> {
  await db.query(`DELETE FROM upstream_routes WHERE service_id = $1`, [serviceId]);
  if (upstreamIds.length === 0) return;
  await db.query(
    `INSERT INTO upstream_routes (service_id, position, upstream_id)
     SELECT $1, ordinality - 1, upstream_id FROM unnest($2::text[]) WITH ORDINALITY AS t(upstream_id, ordinality)`,
    [serviceId, upstreamIds],
  );
}

/** One of an upstream's own plans, as it lists them, and the catalogue plan it sells. */
export interface UpstreamPlanRow {
  upstream_id: string;
  service_id: string;
  code: string;
  name: string;
  cost: bigint;
  variation_code: string | null;
  synced_at: Date;
}

export async function listUpstreamPlans(db: Queryable, upstreamId: string): Promise<UpstreamPlanRow[]> {
  return db.query<UpstreamPlanRow>(
    `SELECT upstream_id, service_id, code, name, cost, variation_code, synced_at FROM upstream_plans
     WHERE upstream_id = $1 ORDER BY service_id, cost, code`,
    [upstreamId],
  );
}

/**
 * Replaces what an upstream lists for a service with `plans`, keeping the mapping of every plan
 * it still lists (a plan it no longer lists is gone, and its mapping with it).
 */
export async function replaceUpstreamPlans(
  db: Queryable,
  upstreamId: string,
  serviceId: string,
  plans: ReadonlyArray<{ code: string; name: string; cost: bigint }>,
  now: Date,
): Promise<void> {
  await db.query(
    `DELETE FROM upstream_plans WHERE upstream_id = $1 AND service_id = $2 AND NOT (code = ANY($3::text[]))`,
    [upstreamId, serviceId, plans.map((plan) => plan.code)],
  );
  await db.query(
    `INSERT INTO upstream_plans (upstream_id, service_id, code, name, cost, synced_at)
     SELECT $1, $2, p.code, p.name, p.cost, $4 FROM jsonb_to_recordset($3::jsonb) AS p(code text, name text, cost bigint)
     ON CONFLICT (upstream_id, service_id, code) DO UPDATE SET name = excluded.name, cost = excluded.cost,
       synced_at = excluded.synced_at`,
    [upstreamId, serviceId, JSON.stringify(plans.map((plan) => ({ ...plan, cost: plan.cost.toString() }))), now],
  );
}

/**
 * Maps an upstream's plan to a catalogue plan (null: unmapped); a catalogue plan sold by another
 * of the upstream's plans before is unmapped from it. Answers false when the upstream lists no
 * such plan.
 */
export async function mapUpstreamPlan(
  db: Queryable,
  plan: { upstreamId: string; serviceId: string; code: string; variationCode: string | null },
): Promise<boolean> {
  if (plan.variationCode !== null) {
    await db.query(
      `UPDATE upstream_plans SET variation_code = NULL
       WHERE upstream_id = $1 AND service_id = $2 AND variation_code = $3 AND code <> $4`,
      [plan.upstreamId, plan.serviceId, plan.variationCode, plan.code],
    );
  }
  const rows = await db.query(
    `UPDATE upstream_plans SET variation_code = $4 WHERE upstream_id = $1 AND service_id = $2 AND code = $3 RETURNING code`,
    [plan.upstreamId, plan.serviceId, plan.code, plan.variationCode],
  );
  return rows.length > 0;
}

/** Every catalogue service with its route (upstream ids in order; none: the catalogue's upstream alone). */
export async function listServiceRoutes(
  db: Queryable,
): Promise<Array<{ service_id: string; name: string; category: string; upstreams: string[] }>> {
  return db.query(
    `SELECT s.service_id, s.name, s.category,
       coalesce(array_agg(r.upstream_id ORDER BY r.position) FILTER (WHERE r.upstream_id IS NOT NULL), '{}') AS upstreams
     FROM catalog_services s LEFT JOIN upstream_routes r ON r.service_id = s.service_id
     GROUP BY s.service_id, s.name, s.category ORDER BY s.category, s.name`,
  );
}

/** An upstream's plans with the catalogue plan each sells and that plan's terms (for the margin). */
export async function listUpstreamPlansWithTerms(db: Queryable, upstreamId: string) {
  return db.query<
    UpstreamPlanRow & { face_value: bigint | null; agent_price: bigint | null; discount_bps: number | null }
  >(
    `SELECT p.upstream_id, p.service_id, p.code, p.name, p.cost, p.variation_code, p.synced_at,
       v.face_value, v.agent_price, s.discount_bps
     FROM upstream_plans p
     LEFT JOIN catalog_variations v ON v.service_id = p.service_id AND v.code = p.variation_code
     LEFT JOIN catalog_services s ON s.service_id = p.service_id
     WHERE p.upstream_id = $1 ORDER BY p.service_id, p.cost, p.code`,
    [upstreamId],
  );
}

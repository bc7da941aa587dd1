import type { Queryable } from '../../db/database.js';
import type { FollowRule } from '@agentdesk/contract/admin/price-levels';
import { planKey, type LevelTerms } from '../catalog/pricing.js';

export interface PriceLevelRow {
  id: string;
  name: string;
  is_default: boolean;
  agents: number;
  discounts: number;
  prices: number;
  follow_rule: FollowRule;
  created_at: Date;
}

// A provider has a handful of levels (at most MAX_PRICE_LEVELS): the counts are read with each.
const LEVEL_COLUMNS = `l.id, l.name, l.follow_rule, l.created_at,
  l.id = (SELECT s.default_price_level_id FROM provider_settings s WHERE s.id) AS is_default,
  (SELECT count(*)::int FROM users u WHERE u.price_level_id = l.id AND u.role = 'agent') AS agents,
  (SELECT count(*)::int FROM price_level_discounts d WHERE d.level_id = l.id) AS discounts,
  (SELECT count(*)::int FROM price_level_prices p WHERE p.level_id = l.id) AS prices`;

/** Every level, by name. */
export async function listPriceLevels(db: Queryable): Promise<PriceLevelRow[]> {
  return db.query<PriceLevelRow>(`SELECT ${LEVEL_COLUMNS} FROM price_levels l ORDER BY lower(l.name), l.id`);
}

export async function findPriceLevel(db: Queryable, id: string): Promise<PriceLevelRow | undefined> {
  const rows = await db.query<PriceLevelRow>(`SELECT ${LEVEL_COLUMNS} FROM price_levels l WHERE l.id = $1`, [id]);
  return rows[0];
}

/**
 * A new level, unless there are `max` already (then undefined). A name another level has (in
 * any case) fails the unique index: the caller answers it as a conflict.
 */
export async function insertPriceLevel(
  db: Queryable,
  level: { name: string; now: Date; max: number },
): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO price_levels (name, created_at, updated_at)
     SELECT $1, $2, $2 WHERE (SELECT count(*) FROM price_levels) < $3
     RETURNING id`,
    [level.name, level.now, level.max],
  );
  return rows[0]?.id;
}

/**
 * The level's row, locked until commit: every change to a level or its overrides takes it
 * first, so two operators changing one level take turns and each audit row's before is true.
 */
export async function lockPriceLevel(
  db: Queryable,
  id: string,
): Promise<{ id: string; name: string; follow_rule: FollowRule } | undefined> {
  const rows = await db.query<{ id: string; name: string; follow_rule: FollowRule }>(
    'SELECT id, name, follow_rule FROM price_levels WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows[0];
}

export async function renamePriceLevel(db: Queryable, id: string, name: string, now: Date): Promise<void> {
  await db.query('UPDATE price_levels SET name = $2, updated_at = $3 WHERE id = $1', [id, name, now]);
}

/** Every level's rule for following the upstream (at most MAX_PRICE_LEVELS). */
export async function listFollowRules(
  db: Queryable,
): Promise<Array<{ id: string; name: string; follow_rule: FollowRule }>> {
  return db.query('SELECT id, name, follow_rule FROM price_levels ORDER BY lower(name), id');
}

export async function setFollowRule(db: Queryable, id: string, rule: FollowRule, now: Date): Promise<void> {
  await db.query('UPDATE price_levels SET follow_rule = $2, updated_at = $3 WHERE id = $1', [id, rule, now]);
}

/** The level new agents join, locked until commit when about to change it. */
export async function defaultPriceLevelId(db: Queryable, forUpdate = false): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `SELECT default_price_level_id AS id FROM provider_settings WHERE id${forUpdate ? ' FOR UPDATE' : ''}`,
  );
  return rows[0]!.id;
}

export async function setDefaultPriceLevelId(
  db: Queryable,
  id: string,
  by: { userId: string | null; now: Date },
): Promise<void> {
  await db.query(
    'UPDATE provider_settings SET default_price_level_id = $1, updated_at = $2, updated_by = $3 WHERE id',
    [id, by.now, by.userId],
  );
}

/** The level's discount for a service in basis points, or null when it has none. */
export async function findLevelDiscount(db: Queryable, levelId: string, serviceId: string): Promise<number | null> {
  const rows = await db.query<{ discount_bps: number }>(
    'SELECT discount_bps FROM price_level_discounts WHERE level_id = $1 AND service_id = $2',
    [levelId, serviceId],
  );
  return rows[0]?.discount_bps ?? null;
}

/** Sets the level's discount for a service, or removes it (null). */
export async function setLevelDiscount(
  db: Queryable,
  levelId: string,
  serviceId: string,
  discountBps: number | null,
): Promise<void> {
  if (discountBps === null) {
    await db.query('DELETE FROM price_level_discounts WHERE level_id = $1 AND service_id = $2', [levelId, serviceId]);
    return;
  }
  await db.query(
    `INSERT INTO price_level_discounts (level_id, service_id, discount_bps) VALUES ($1, $2, $3)
     ON CONFLICT (level_id, service_id) DO UPDATE SET discount_bps = EXCLUDED.discount_bps`,
    [levelId, serviceId, discountBps],
  );
}

/** The level's fixed price for a plan in kobo, or null when it has none. */
export async function findLevelPrice(
  db: Queryable,
  levelId: string,
  serviceId: string,
  code: string,
): Promise<bigint | null> {
  const rows = await db.query<{ price: bigint }>(
    'SELECT price FROM price_level_prices WHERE level_id = $1 AND service_id = $2 AND code = $3',
    [levelId, serviceId, code],
  );
  return rows[0]?.price ?? null;
}

/** Sets the level's fixed price for a plan, or removes it (null). */
export async function setLevelPrice(
  db: Queryable,
  levelId: string,
  serviceId: string,
  code: string,
  price: bigint | null,
): Promise<void> {
  if (price === null) {
    await db.query('DELETE FROM price_level_prices WHERE level_id = $1 AND service_id = $2 AND code = $3', [
      levelId,
      serviceId,
      code,
    ]);
    return;
  }
  await db.query(
    `INSERT INTO price_level_prices (level_id, service_id, code, price) VALUES ($1, $2, $3, $4)
     ON CONFLICT (level_id, service_id, code) DO UPDATE SET price = EXCLUDED.price`,
    [levelId, serviceId, code, price],
  );
}

/**
 * Every override of a level, in one statement: what purchases (kept in memory, decision 026)
 * and the agent's catalogue are priced from. A level has at most one row per service and plan
 * of the catalogue. An unknown level has none.
 */
export async function findLevelTerms(db: Queryable, levelId: string): Promise<LevelTerms> {
  const rows = await db.query<{
    service_id: string;
    code: string | null;
    discount_bps: number | null;
    price: bigint | null;
  }>(
    `SELECT service_id, NULL::text AS code, discount_bps, NULL::bigint AS price
     FROM price_level_discounts WHERE level_id = $1
     UNION ALL
     SELECT service_id, code, NULL::integer, price FROM price_level_prices WHERE level_id = $1`,
    [levelId],
  );
  const discounts = new Map<string, number>();
  const prices = new Map<string, bigint>();
  for (const row of rows) {
    if (row.code === null) discounts.set(row.service_id, row.discount_bps!);
    else prices.set(planKey(row.service_id, row.code), row.price!);
  }
  return { discounts, prices };
}

/** The agent's level, with the agent's row locked until commit; undefined when no such agent. */
export async function lockAgentLevel(
  db: Queryable,
  agentId: string,
): Promise<{ level_id: string; level_name: string } | undefined> {
  const rows = await db.query<{ level_id: string; level_name: string }>(
    `SELECT l.id AS level_id, l.name AS level_name
     FROM users u JOIN price_levels l ON l.id = u.price_level_id
     WHERE u.id = $1 AND u.role = 'agent' FOR NO KEY UPDATE OF u`,
    [agentId],
  );
  return rows[0];
}

export async function setAgentLevel(db: Queryable, agentId: string, levelId: string, now: Date): Promise<void> {
  await db.query('UPDATE users SET price_level_id = $2, updated_at = $3 WHERE id = $1', [agentId, levelId, now]);
}

import type { Queryable } from '../../db/database.js';

export interface OverviewPeriodRow {
  sales: bigint;
  faceValue: bigint;
  /** What the upstream charged for the delivered orders that say (migration 028). */
  cost: bigint;
  /** How many of the delivered orders say what the upstream charged. */
  costed: number;
  delivered: number;
  pending: number;
  failed: number;
}

function figures(alias: string, condition: string): string {
  const when = (status: string) => `WHERE ${status}${condition ? ` AND ${condition}` : ''}`;
  return `coalesce(sum(price) FILTER (${when("status = 'delivered'")}), 0)::bigint AS ${alias}_sales,
    coalesce(sum(face_value) FILTER (${when("status = 'delivered'")}), 0)::bigint AS ${alias}_face_value,
    coalesce(sum(upstream_cost) FILTER (${when("status = 'delivered'")}), 0)::bigint AS ${alias}_cost,
    count(upstream_cost) FILTER (${when("status = 'delivered'")})::int AS ${alias}_costed,
    count(*) FILTER (${when("status = 'delivered'")})::int AS ${alias}_delivered,
    count(*) FILTER (${when("status IN ('debited', 'pending')")})::int AS ${alias}_pending,
    count(*) FILTER (${when("status = 'failed'")})::int AS ${alias}_failed`;
}

/**
 * Today's and this month's figures of every agent's orders in one aggregate over the month's:
 * a range of orders_created_idx (migration 026), which carries every column read.
 */
export async function overviewPeriods(
  db: Queryable,
  range: { monthStart: Date; todayStart: Date; end: Date },
): Promise<{ today: OverviewPeriodRow; month: OverviewPeriodRow }> {
  const rows = await db.query<Record<string, bigint | number>>(
    `SELECT ${figures('today', 'created_at >= $2')}, ${figures('month', '')}
     FROM orders
     WHERE created_at >= $1 AND created_at < $3`,
    [range.monthStart, range.todayStart, range.end],
  );
  const row = rows[0]!;
  const pick = (alias: string): OverviewPeriodRow => ({
    sales: row[`${alias}_sales`] as bigint,
    faceValue: row[`${alias}_face_value`] as bigint,
    cost: row[`${alias}_cost`] as bigint,
    costed: row[`${alias}_costed`] as number,
    delivered: row[`${alias}_delivered`] as number,
    pending: row[`${alias}_pending`] as number,
    failed: row[`${alias}_failed`] as number,
  });
  return { today: pick('today'), month: pick('month') };
}

/** Orders not settled yet and when the oldest was placed: orders_unresolved_idx (migration 008), the few unresolved. */
export async function unresolvedOrders(db: Queryable): Promise<{ count: number; oldestAt: Date | null }> {
  const rows = await db.query<{ count: number; oldest_at: Date | null }>(
    `SELECT count(*)::int AS count, min(created_at) AS oldest_at
     FROM orders WHERE status IN ('debited', 'pending')`,
  );
  return { count: rows[0]!.count, oldestAt: rows[0]!.oldest_at };
}

export interface FailureRateRow {
  service: string;
  service_id: string;
  settled: number;
  failed: number;
}

/** Orders settled since `since`, by service and network: a range of orders_settled_idx (migration 027). */
export async function settledSince(db: Queryable, since: Date): Promise<FailureRateRow[]> {
  return db.query<FailureRateRow>(
    `SELECT service, service_id, count(*)::int AS settled, count(*) FILTER (WHERE status = 'failed')::int AS failed
     FROM orders
     WHERE settled_at >= $1 AND status IN ('delivered', 'failed')
     GROUP BY service, service_id
     ORDER BY service, service_id`,
    [since],
  );
}

/** Reported transfers waiting, and the oldest: a range of funding_requests_status_created_idx (migration 007). */
export async function fundingWaiting(db: Queryable): Promise<{ waiting: number; oldestAt: Date | null }> {
  const rows = await db.query<{ waiting: number; oldest_at: Date | null }>(
    `SELECT count(*)::int AS waiting, min(created_at) AS oldest_at FROM funding_requests WHERE status = 'pending'`,
  );
  return { waiting: rows[0]!.waiting, oldestAt: rows[0]!.oldest_at };
}

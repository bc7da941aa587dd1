import type { Queryable } from '../../db/database.js';

export interface PeriodFiguresRow {
  sales: bigint;
  cost: bigint;
  delivered: number;
  pending: number;
  failed: number;
}

function figures(alias: string, condition: string): string {
  const when = (status: string) => `WHERE ${status}${condition ? ` AND ${condition}` : ''}`;
  return `coalesce(sum(face_value) FILTER (${when("status = 'delivered'")}), 0)::bigint AS ${alias}_sales,
    coalesce(sum(price) FILTER (${when("status = 'delivered'")}), 0)::bigint AS ${alias}_cost,
    count(*) FILTER (${when("status = 'delivered'")})::int AS ${alias}_delivered,
    count(*) FILTER (${when("status IN ('debited', 'pending')")})::int AS ${alias}_pending,
    count(*) FILTER (${when("status = 'failed'")})::int AS ${alias}_failed`;
}

/**
 * Today's and this month's purchase figures in one aggregate over the month's orders: a
 * range scan of orders_user_created_idx (migration 012), which carries every column read.
 */
export async function periodFigures(
  db: Queryable,
  userId: string,
  range: { monthStart: Date; todayStart: Date; end: Date },
): Promise<{ today: PeriodFiguresRow; month: PeriodFiguresRow }> {
  const rows = await db.query<Record<string, bigint | number>>(
    `SELECT ${figures('today', 'created_at >= $3')}, ${figures('month', '')}
     FROM orders
     WHERE user_id = $1 AND created_at >= $2 AND created_at < $4`,
    [userId, range.monthStart, range.todayStart, range.end],
  );
  const row = rows[0]!;
  const pick = (alias: string): PeriodFiguresRow => ({
    sales: row[`${alias}_sales`] as bigint,
    cost: row[`${alias}_cost`] as bigint,
    delivered: row[`${alias}_delivered`] as number,
    pending: row[`${alias}_pending`] as number,
    failed: row[`${alias}_failed`] as number,
  });
  return { today: pick('today'), month: pick('month') };
}

export interface DailySalesRow {
  day: string;
  service: string;
  sales: bigint;
}

/** Face value of delivered orders per Lagos day and service category, days with sales only. */
export async function dailySales(
  db: Queryable,
  userId: string,
  range: { from: Date; to: Date },
): Promise<DailySalesRow[]> {
  // Grouped by the Lagos date as a date (cheap per row), formatted once per group.
  return db.query<DailySalesRow>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, service, sales FROM (
       SELECT ((created_at AT TIME ZONE 'UTC') + interval '1 hour')::date AS day, service, sum(face_value)::bigint AS sales
       FROM orders
       WHERE user_id = $1 AND created_at >= $2 AND created_at < $3 AND status = 'delivered'
       GROUP BY 1, 2
     ) AS daily`,
    [userId, range.from, range.to],
  );
}

import type { Queryable } from '../../db/database.js';

/**
 * Every read here is an index range over one upstream's last hour (or its Lagos day): the
 * orders by (upstream_id, created_at), the moved-on attempts by (upstream_id, ended_at), an
 * order's exchanges by (order_id, seq) — migration 032, decision 040.
 */

export interface OutcomeCountRow {
  upstream_id: string;
  service_id: string;
  delivered: number;
  failed: number;
  unknown: number;
}

/**
 * Per upstream and service since `since`: the orders it delivered, definitively failed (the
 * order's own failure and every attempt an order moved on from) and left unknown (sent, no
 * final answer yet). An order not yet sent is no attempt.
 */
export async function outcomeCounts(db: Queryable, upstreamIds: string[], since: Date): Promise<OutcomeCountRow[]> {
  return db.query<OutcomeCountRow>(
    `SELECT upstream_id, service_id,
            sum(delivered)::int AS delivered, sum(failed)::int AS failed, sum(unknown)::int AS unknown
       FROM (
         SELECT upstream_id, service_id,
                count(*) FILTER (WHERE status = 'delivered') AS delivered,
                count(*) FILTER (WHERE status = 'failed') AS failed,
                count(*) FILTER (WHERE status IN ('debited', 'pending') AND sent_at IS NOT NULL) AS unknown
           FROM orders
          WHERE upstream_id = ANY($1::text[]) AND created_at >= $2
          GROUP BY upstream_id, service_id
         UNION ALL
         SELECT a.upstream_id, o.service_id, 0, count(*), 0
           FROM order_attempts a JOIN orders o ON o.id = a.order_id
          WHERE a.upstream_id = ANY($1::text[]) AND a.ended_at >= $2
          GROUP BY a.upstream_id, o.service_id
       ) counted
      GROUP BY upstream_id, service_id
      ORDER BY upstream_id, service_id`,
    [upstreamIds, since],
  );
}

export interface PayLatencyRow {
  upstream_id: string;
  service_id: string;
  pays: number;
  median_ms: number | null;
  p95_ms: number | null;
}

/**
 * The duration of each pay sent since `since`, per upstream and service: an exchange is the
 * upstream's whose request id is the order's (its last upstream) or one of its moved-on
 * attempts' — request ids are unique per attempt, so no column on the exchange is needed.
 */
export async function payLatencies(db: Queryable, upstreamIds: string[], since: Date): Promise<PayLatencyRow[]> {
  return db.query<PayLatencyRow>(
    `SELECT upstream_id, service_id, count(*)::int AS pays,
            percentile_disc(0.5) WITHIN GROUP (ORDER BY duration_ms) AS median_ms,
            percentile_disc(0.95) WITHIN GROUP (ORDER BY duration_ms) AS p95_ms
       FROM (
         SELECT o.upstream_id, o.service_id, e.duration_ms
           FROM orders o JOIN upstream_exchanges e ON e.order_request_id = o.upstream_request_id
          WHERE o.upstream_id = ANY($1::text[]) AND o.created_at >= $2
            AND e.call = 'pay' AND e.upstream_request_id = o.upstream_request_id
         UNION ALL
         SELECT a.upstream_id, o.service_id, e.duration_ms
           FROM order_attempts a JOIN orders o ON o.id = a.order_id
           JOIN upstream_exchanges e ON e.order_request_id = a.upstream_request_id
          WHERE a.upstream_id = ANY($1::text[]) AND a.ended_at >= $2
            AND e.call = 'pay' AND e.upstream_request_id = a.upstream_request_id
       ) timed
      GROUP BY upstream_id, service_id`,
    [upstreamIds, since],
  );
}

export type Outcome = 'delivered' | 'failed' | 'unknown';

/** The last `limit` attempts of one upstream at one service since `since`, newest first. */
export async function lastOutcomes(
  db: Queryable,
  query: { upstreamId: string; serviceId: string; since: Date; limit: number },
): Promise<Outcome[]> {
  const rows = await db.query<{ outcome: Outcome }>(
    `SELECT outcome FROM (
       SELECT CASE status WHEN 'delivered' THEN 'delivered' WHEN 'failed' THEN 'failed' ELSE 'unknown' END AS outcome,
              coalesce(settled_at, sent_at, created_at) AS at
         FROM orders
        WHERE upstream_id = $1 AND created_at >= $3 AND service_id = $2
          AND (status IN ('delivered', 'failed') OR sent_at IS NOT NULL)
       UNION ALL
       SELECT 'failed', a.ended_at
         FROM order_attempts a JOIN orders o ON o.id = a.order_id
        WHERE a.upstream_id = $1 AND a.ended_at >= $3 AND o.service_id = $2
     ) outcomes
     ORDER BY at DESC LIMIT $4`,
    [query.upstreamId, query.serviceId, query.since, query.limit],
  );
  return rows.map((row) => row.outcome);
}

export interface OpeningRow {
  upstream_id: string;
  service_id: string;
  window_start: Date;
  opened_at: Date;
  closes_at: Date;
  attempts: number;
  delivered: number;
}

/** The breaker's latest opening for an upstream and service, if it ever opened. */
export async function latestOpening(
  db: Queryable,
  upstreamId: string,
  serviceId: string,
): Promise<OpeningRow | undefined> {
  const rows = await db.query<OpeningRow>(
    `SELECT * FROM upstream_breaker_openings WHERE upstream_id = $1 AND service_id = $2 ORDER BY closes_at DESC LIMIT 1`,
    [upstreamId, serviceId],
  );
  return rows[0];
}

/** Opens the breaker; false when another instance opened it for the same attempts first. */
export async function insertOpening(db: Queryable, opening: OpeningRow): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO upstream_breaker_openings (upstream_id, service_id, window_start, opened_at, closes_at, attempts, delivered)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING 1`,
    [
      opening.upstream_id,
      opening.service_id,
      opening.window_start,
      opening.opened_at,
      opening.closes_at,
      opening.attempts,
      opening.delivered,
    ],
  );
  return rows.length === 1;
}

/** The openings whose cool-down has not ended (a handful of rows: one per broken route). */
export async function openNow(db: Queryable, now: Date): Promise<OpeningRow[]> {
  return db.query<OpeningRow>(
    `SELECT * FROM upstream_breaker_openings WHERE closes_at > $1 ORDER BY opened_at DESC LIMIT 100`,
    [now],
  );
}

export interface AlertRow {
  id: string;
  kind: 'breaker-open' | 'low-balance';
  upstream_id: string;
  service_id: string | null;
  message: string;
  created_at: Date;
}

/** Records an alert once per `dedupeKey`: false when it was already raised. */
export async function insertAlert(
  db: Queryable,
  alert: {
    kind: AlertRow['kind'];
    upstreamId: string;
    serviceId: string | null;
    dedupeKey: string;
    message: string;
    now: Date;
  },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO upstream_alerts (kind, upstream_id, service_id, dedupe_key, message, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (dedupe_key) DO NOTHING RETURNING 1`,
    [alert.kind, alert.upstreamId, alert.serviceId, alert.dedupeKey, alert.message, alert.now],
  );
  return rows.length === 1;
}

export async function alertsSince(db: Queryable, since: Date): Promise<AlertRow[]> {
  return db.query<AlertRow>(
    `SELECT id, kind, upstream_id, service_id, message, created_at FROM upstream_alerts
      WHERE created_at >= $1 ORDER BY created_at DESC, id DESC LIMIT 50`,
    [since],
  );
}

/** Kobo an upstream took since `since`: its delivered orders' cost, or face value where unknown. */
export async function spentSince(
  db: Queryable,
  upstreamId: string,
  since: Date,
): Promise<{ spent: bigint; faceValueStandsIn: boolean }> {
  const [row] = await db.query<{ spent: bigint | null; uncosted: number }>(
    `SELECT sum(coalesce(upstream_cost, face_value))::bigint AS spent,
            count(*) FILTER (WHERE upstream_cost IS NULL)::int AS uncosted
       FROM orders WHERE upstream_id = $1 AND created_at >= $2 AND status = 'delivered'`,
    [upstreamId, since],
  );
  return { spent: row?.spent ?? 0n, faceValueStandsIn: (row?.uncosted ?? 0) > 0 };
}

/** Where operators who answer for the upstreams are written to: active owners and finance. */
export async function operatorEmails(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ email: string }>(
    `SELECT email FROM users
      WHERE role = 'operator' AND operator_role IN ('owner', 'finance') AND deactivated_at IS NULL
      ORDER BY created_at LIMIT 50`,
  );
  return rows.map((row) => row.email);
}

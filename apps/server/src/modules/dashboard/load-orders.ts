import type { Queryable } from '../../db/database.js';

const CATEGORIES = "ARRAY['airtime', 'data', 'electricity', 'cable', 'result-checker']";

/**
 * Benchmarks and the scale test: `count` orders for one agent in ONE statement
 * (generate_series), spread evenly over the `days` before `until`, newest first. Every 50th
 * failed (refunded by `refundTransactionId`, any history row of the agent), every 97th
 * pending, the rest delivered; face values ₦100 to ₦149 at 2 % off. Not money: no ledger
 * entries are made, so use it only on a database made for the purpose.
 */
export async function loadOrders(
  db: Queryable,
  options: { userId: string; refundTransactionId: string; count: number; days: number; until: Date },
): Promise<void> {
  const stepMs = Math.floor((options.days * 86_400_000) / options.count);
  await db.query(
    `INSERT INTO orders (user_id, request_id, request_hash, upstream_request_id, service, service_id, product_name,
       recipient, phone, face_value, price, status, refund_transaction_id, next_attempt_at, created_at, updated_at)
     SELECT $1::uuid, 'load-' || g, 'load', 'load-' || $1::text || '-' || g, (${CATEGORIES})[1 + g % 5], 'load', 'Load test',
       '08031234567', '08031234567', 10000 + (g % 50) * 100, 9800 + (g % 50) * 98,
       CASE WHEN g % 50 = 0 THEN 'failed' WHEN g % 97 = 0 THEN 'pending' ELSE 'delivered' END,
       CASE WHEN g % 50 = 0 THEN $2::uuid END,
       $3::timestamptz, $3::timestamptz - g * $4::bigint * interval '1 millisecond',
       $3::timestamptz - g * $4::bigint * interval '1 millisecond'
     FROM generate_series(1, $5::int) AS g`,
    [options.userId, options.refundTransactionId, options.until, stepMs, options.count],
  );
}

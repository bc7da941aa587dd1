#!/usr/bin/env node
// The dashboard summary of an agent with a million orders, on PostgreSQL.
// Usage: node --conditions=source --import tsx bench/dashboard-summary.mjs [--orders 1000000] [--days 730] [--runs 20]
// Creates a fresh database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres),
// migrates it, registers one agent, loads the orders in ONE statement (generate_series), runs
// VACUUM ANALYZE (what autovacuum does to a real table), then times the summary the endpoint
// answers and prints the plans. It drops its database.
import { parseArgs } from 'node:util';
import { createScratchDatabase } from './scratch-database.mjs';
import { openPostgresDatabase } from '../apps/server/src/db/postgres-database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { createDashboardService } from '../apps/server/src/modules/dashboard/dashboard.service.ts';
import { lagosDate, lagosDayStart } from '../apps/server/src/modules/dashboard/lagos-time.ts';
import { loadOrders } from '../apps/server/src/modules/dashboard/load-orders.ts';
import { postWalletMovement } from '../apps/server/src/modules/ledger/wallet-movement.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    days: { type: 'string', default: '730' },
    runs: { type: 'string', default: '20' },
  },
});
const ORDERS = Number(values.orders);
const DAYS = Number(values.days);
const RUNS = Number(values.runs);

const { url, drop } = await createScratchDatabase('bench_dashboard');
const db = openPostgresDatabase({ url, poolSize: 10 });

try {
  await migrate(db);
  const [user] = await db.query(
    `INSERT INTO users (first_name, last_name, username, email, phone, password_hash, referral_code, created_at, updated_at)
     VALUES ('Bench', 'Agent', 'bench', 'bench@example.com', '08030000000', 'x', 'BENCH001', now(), now()) RETURNING id`,
  );
  const now = new Date();
  const credit = await db.transaction((tx) =>
    postWalletMovement(tx, {
      userId: user.id,
      direction: 'credit',
      amount: 100_000_000n,
      counterpart: 'adjustments',
      idempotencyKey: 'bench:credit',
      type: 'adjustment',
      name: 'Bench credit',
      description: 'Money for the benchmark',
      now,
    }),
  );

  let started = performance.now();
  await loadOrders(db, { userId: user.id, refundTransactionId: credit.id, count: ORDERS, days: DAYS, until: now });
  console.log(
    `loaded ${ORDERS.toLocaleString('en')} orders over ${DAYS} days in one statement: ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  started = performance.now();
  await db.query('VACUUM ANALYZE orders');
  console.log(`VACUUM ANALYZE orders: ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const dashboard = createDashboardService({ db, clock: systemClock });
  const first = performance.now();
  const summary = await dashboard.summary(user.id);
  console.log(`first (cold) summary: ${(performance.now() - first).toFixed(0)} ms`);
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await dashboard.summary(user.id);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
  console.log(`summary over ${RUNS} runs: p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${times.at(-1).toFixed(1)} ms`);
  console.log(`this month: ${JSON.stringify(summary.month)}`);

  const today = lagosDate(now);
  for (const [label, sql, params] of [
    [
      'today and this month',
      `SELECT count(*) FILTER (WHERE status = 'delivered'), sum(face_value) FILTER (WHERE status = 'delivered')
       FROM orders WHERE user_id = $1 AND created_at >= $2 AND created_at < $3`,
      [user.id, lagosDayStart(`${today.slice(0, 7)}-01`), lagosDayStart(today, 1)],
    ],
    [
      '30 days by service',
      `SELECT ((created_at AT TIME ZONE 'UTC') + interval '1 hour')::date, service, sum(face_value)
       FROM orders WHERE user_id = $1 AND created_at >= $2 AND created_at < $3 AND status = 'delivered' GROUP BY 1, 2`,
      [user.id, lagosDayStart(today, -29), lagosDayStart(today, 1)],
    ],
  ]) {
    const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    console.log(`\n-- ${label}\n${plan.map((row) => row['QUERY PLAN']).join('\n')}`);
  }
} finally {
  await db.close();
  await drop();
}

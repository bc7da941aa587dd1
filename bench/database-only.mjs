#!/usr/bin/env node
// What PostgreSQL alone spends on a purchase's money statements, with no HTTP, no server and
// no upstream in the way: a debit (the order and post_wallet_movement in one statement) and a
// delivery (the order and its history row in one statement) of the product's shape, written out
// here over arrays, one purchase per statement (--batch 1) or many (--batch N). They are not the
// product's batch statements (modules/purchases/order-batches.repo.ts, which also lock their
// accounts first and leave out what wallets cannot pay for): they answer how much CPU a
// purchase's rows cost once the round trips are shared.
// Usage: npm run build && node bench/database-only.mjs [--agents 1000] [--purchases 20000] [--batch 1] [--concurrency 8] [--warmup 0]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrate } from '../apps/server/dist/db/migrate.js';
import { openPostgresDatabase } from '../apps/server/dist/db/postgres-database.js';
import { cpuTimes, percentile, sequentialScans } from './measure.mjs';
import { createScratchDatabase } from './scratch-database.mjs';

const { values } = parseArgs({
  options: {
    agents: { type: 'string', default: '1000' },
    purchases: { type: 'string', default: '20000' },
    batch: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '8' },
    // Purchases made before the measured run, then ANALYZE: statistics of tables that hold rows.
    warmup: { type: 'string', default: '0' },
  },
});
const AGENTS = Number(values.agents);
const BATCH = Number(values.batch);
const CONCURRENCY = Number(values.concurrency);
const ROUNDS = Math.ceil(Number(values.purchases) / BATCH);

const { url, drop } = await createScratchDatabase('bench_db');
try {
  const database = openPostgresDatabase({ url, poolSize: 2 });
  await migrate(database);
  await database.close();

  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // Agents with funded wallets (one balanced entry, as bench/purchases.mjs seeds them).
  await admin.query(`
    WITH users AS (
      INSERT INTO users (first_name, last_name, username, email, phone, password_hash, referral_code, created_at, updated_at)
      SELECT 'Bench', 'Agent', 'bench_' || n, 'bench' || n || '@example.com', '081' || lpad(n::text, 8, '0'), 'x', 'B' || n || 'X', now(), now()
      FROM generate_series(1, ${AGENTS}) AS n RETURNING id
    ), wallets AS (
      INSERT INTO ledger_accounts (code, kind, user_id, balance)
      SELECT 'wallet:' || id, 'wallet', id, 100000000 FROM users RETURNING id
    ), entry AS (
      INSERT INTO journal_entries (kind, idempotency_key, description, created_at)
      VALUES ('adjustment', 'bench', 'bench funding', now()) RETURNING id
    ), adjusted AS (
      UPDATE ledger_accounts SET balance = balance - 100000000::bigint * ${AGENTS}
      WHERE code = 'provider:adjustments' RETURNING id, balance
    )
    INSERT INTO postings (entry_id, account_id, amount, balance_after)
    SELECT entry.id, wallets.id, 100000000, 100000000 FROM entry, wallets
    UNION ALL SELECT entry.id, adjusted.id, -100000000::bigint * ${AGENTS}, adjusted.balance FROM entry, adjusted`);
  const agents = (await admin.query('SELECT user_id FROM ledger_accounts WHERE user_id IS NOT NULL')).rows.map(
    (row) => row.user_id,
  );
  // A schema experiment without a migration, as in bench/purchases.mjs.
  if (process.env.BENCH_SQL) await admin.query(process.env.BENCH_SQL);
  await admin.query('ANALYZE');

  // One statement places every order of the batch with its debit (the shape of
  // INSERT_ORDER_WITH_DEBIT in orders.repo.ts, over arrays), and one delivers them
  // (UPDATE_ORDER's plain-delivery path over arrays). A batch holds distinct agents, sorted,
  // and each agent's float shard follows from its id, so concurrent batches lock in one order.
  const DEBIT = `
    WITH input AS (
      SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[])
        AS i (order_id, user_id, transaction_id, request_id, upstream_request_id, shard)
    ), placed AS (
      INSERT INTO orders (id, user_id, request_id, request_hash, upstream_request_id, service, service_id, variation_code,
        product_name, recipient, phone, quantity, subscription_type, face_value, price, transaction_id, status, sent_at,
        next_attempt_at, created_at, updated_at)
      SELECT order_id, user_id, request_id, 'hash', upstream_request_id, 'airtime', 'mtn', NULL, 'MTN Airtime',
        '08031234567', '08031234567', 1, NULL, 10000, 9700, transaction_id, 'pending', now(), now() + interval '45 s', now(), now()
      FROM input
      ON CONFLICT (user_id, request_id) DO NOTHING
      RETURNING id, user_id, transaction_id
    )
    SELECT debit.balance_after FROM placed JOIN input ON input.order_id = placed.id
    CROSS JOIN LATERAL post_wallet_movement('purchase', 'order:' || placed.id, 'MTN Airtime for 08031234567', now(),
      ARRAY[input.shard, 'wallet:' || placed.user_id], ARRAY[9700, -9700]::bigint[], placed.user_id, placed.transaction_id,
      'PUR' || substr(md5(placed.id::text), 1, 12), 'pending', 'MTN Airtime', 'mtn', '08031234567', NULL,
      '{"faceValue": "100.00", "quantity": 1}'::jsonb) AS debit`;
  const DELIVER = `
    WITH updated AS (
      UPDATE orders o SET status = 'delivered', updated_at = now(), upstream_code = '000',
        upstream_message = 'TRANSACTION SUCCESSFUL', result = '{"token": null}'::jsonb, attempts = attempts + 1, settled_at = now()
      FROM unnest($1::uuid[]) AS d (id)
      WHERE o.id = d.id AND o.status IN ('debited', 'pending')
        AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = o.user_id AND u.referred_by IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.user_id = o.user_id AND e.enabled AND e.url IS NOT NULL)
      RETURNING o.id, o.transaction_id
    ), history AS (
      UPDATE wallet_transactions t SET status = 'success', details = t.details || '{"upstreamTransactionId": "1"}'::jsonb, updated_at = now()
      FROM updated WHERE t.id = updated.transaction_id
    )
    SELECT count(*)::int AS n FROM updated`;

  const shardOf = (userId) => {
    const n = parseInt(userId.slice(0, 4), 16) % 16;
    return n === 0 ? 'provider:upstream_float' : `provider:upstream_float:${n}`;
  };
  let next = 0;
  let rounds = 0;
  let latencies = [];
  let delivered = 0;
  // Connected before the clock starts and closed after the CPU is read: a backend's CPU time
  // leaves /proc with its process.
  const clients = await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  async function worker(lane) {
    const client = clients[lane];
    // A lane buys for its own slice of the agents, BATCH distinct agents per batch.
    const mine = agents.filter((_, i) => i % CONCURRENCY === lane);
    let cursor = 0;
    while (next++ < rounds) {
      const users = [];
      for (let i = 0; i < BATCH; i++) users.push(mine[cursor++ % mine.length]);
      users.sort((a, b) => shardOf(a).localeCompare(shardOf(b)) || a.localeCompare(b));
      const orderIds = users.map(() => randomUUID());
      const started = performance.now();
      const placed = await client.query({
        name: 'debit',
        text: DEBIT,
        values: [
          orderIds,
          users,
          users.map(() => randomUUID()),
          orderIds.map(() => randomUUID()),
          orderIds.map((id) => id.replaceAll('-', '')),
          users.map(shardOf),
        ],
      });
      if (placed.rowCount !== BATCH) throw new Error(`placed ${placed.rowCount} of ${BATCH}`);
      const settled = await client.query({ name: 'deliver', text: DELIVER, values: [orderIds] });
      delivered += settled.rows[0].n;
      latencies.push(performance.now() - started);
    }
  }

  const lanes = () => Promise.all(Array.from({ length: CONCURRENCY }, (_, lane) => worker(lane)));
  if (Number(values.warmup) > 0) {
    rounds = Math.ceil(Number(values.warmup) / BATCH);
    await lanes();
    await admin.query('ANALYZE');
    [next, latencies, delivered] = [0, [], 0];
  }
  rounds = ROUNDS;
  console.log(`${ROUNDS * BATCH} purchases, ${BATCH} per statement, ${CONCURRENCY} connections...`);
  const before = cpuTimes(process.pid);
  const started = performance.now();
  await lanes();
  const seconds = (performance.now() - started) / 1000;
  const after = cpuTimes(process.pid);
  await Promise.all(clients.map((client) => client.end()));
  const perPurchase = (key) => (((after[key] - before[key]) * 10) / delivered).toFixed(2);
  latencies.sort((a, b) => a - b);
  console.log(
    `${delivered} delivered: ${Math.round(delivered / seconds)}/s  batch p50 ${percentile(latencies, 50)} ms  p99 ${percentile(latencies, 99)} ms`,
  );
  console.log(
    `CPU per purchase: PostgreSQL ${perPurchase('postgres')} ms, this client ${perPurchase('client')} ms; machine ${perPurchase('machine')} ms`,
  );
  const { rows } = await admin.query(
    `SELECT (SELECT count(*) FROM journal_entries j WHERE (SELECT sum(amount) FROM postings p WHERE p.entry_id = j.id) <> 0)::int AS unbalanced,
            (SELECT sum(balance) FROM ledger_accounts)::text AS total`,
  );
  console.log(await sequentialScans(admin));
  console.log(`ledger: ${rows[0].unbalanced} unbalanced entries, accounts sum to ${rows[0].total}`);
  await admin.end();
} finally {
  await drop();
}

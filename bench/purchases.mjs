#!/usr/bin/env node
// Purchases per second and latency over HTTP, against the built server on a fresh PostgreSQL
// database with the sandbox at zero latency, then pgbench's TPC-B on the same database.
// Usage: npm run build && node bench/purchases.mjs [--agents 1000] [--purchases 20000] [--concurrency 20] [--warmup 2000] [--pool 20] [--profile]
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { cpuTimes, databaseWork, percentile, sequentialScans } from './measure.mjs';
import { createScratchDatabase } from './scratch-database.mjs';
import { BENCH_PIN, seedAgents } from './seed-agents.mjs';

const { values } = parseArgs({
  options: {
    agents: { type: 'string', default: '1000' },
    purchases: { type: 'string', default: '20000' },
    // Purchases in flight: 20 is where the target (800/s, p99 under 50 ms) was measured.
    concurrency: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '2000' },
    // The server's PostgreSQL connections (DATABASE_POOL_SIZE).
    pool: { type: 'string', default: '20' },
    'pgbench-seconds': { type: 'string', default: '20' },
    // Writes the server's CPU profile to bench/profiles/ (open it in Chrome DevTools).
    profile: { type: 'boolean', default: false },
  },
});
const AGENTS = Number(values.agents);
const PURCHASES = Number(values.purchases);
const CONCURRENCY = Number(values.concurrency);

const { name, url: dbUrl, drop } = await createScratchDatabase('bench');

const port = await new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const nodeArgs = values.profile ? ['--cpu-prof', '--cpu-prof-dir=bench/profiles'] : [];
const server = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl,
    DATABASE_POOL_SIZE: values.pool,
    LOG_LEVEL: 'error',
    REQUERY_INTERVAL_MS: '0',
    // The sandbox's float (naira) covers every purchase of the run: its default ₦5,000,000
    // lasts 50,000 purchases of ₦100, after which it answers 018 and each one is refunded.
    SANDBOX_BALANCE: String((Number(values.warmup) + PURCHASES) * 100),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

async function until(check, what) {
  for (let i = 0; i < 300; i++) {
    try {
      if (await check()) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}
const db = new pg.Client({ connectionString: dbUrl });
await until(async () => (await fetch(`${base}/api/health`)).ok, 'the server');
await db.connect();
await until(
  async () => (await db.query('SELECT count(*)::int AS n FROM catalog_services')).rows[0].n > 0,
  'the catalogue',
);

// Agents, sessions and money straight into the database (seed-agents.mjs).
console.log(`seeding ${AGENTS} funded agents...`);
const tokens = await seedAgents(db, name, AGENTS);
if (process.env.BENCH_SQL) await db.query(process.env.BENCH_SQL);
await db.query('ANALYZE');
if (process.env.BENCH_STATEMENTS)
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset()');

// node:http with kept-alive connections: fetch costs the client several times more CPU per
// request, and the client shares the machine with the server and PostgreSQL.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
function post(path, token, payload) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString() }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function buy(token) {
  const started = performance.now();
  const response = await post(
    '/api/v1/agent/purchases',
    token,
    JSON.stringify({
      service: 'airtime',
      requestId: randomUUID(),
      pin: BENCH_PIN,
      network: 'mtn',
      phone: '08031234567',
      amount: '100',
    }),
  );
  const body = JSON.parse(response.body);
  return {
    ms: performance.now() - started,
    ok: response.status === 201 && body.data?.status === 'delivered',
    // What a failure was: the HTTP status, and the order's status when it was placed.
    outcome: `${response.status}${body.data?.status ? ` ${body.data.status}` : ''}`,
  };
}

/** `count` purchases, CONCURRENCY at a time: their latencies, sorted, and their failures by what they were. */
async function run(count) {
  const latencies = [];
  const failed = new Map();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        const result = await buy(tokens[i % tokens.length]);
        latencies.push(result.ms);
        if (!result.ok) failed.set(result.outcome, (failed.get(result.outcome) ?? 0) + 1);
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), failed };
}

// Warm up, then measure. ANALYZE after the warm-up, as autovacuum does on a live database
// (at 50 rows and then every 10 % more): statistics taken while the order and journal tables
// were empty plan their foreign-key checks as sequential scans, which read the whole table on
// every purchase as it grows (the line "rows read by sequential scans" shows it).
// The warm-up is large enough (--warmup, 2,000 by default) that the planner then prefers the
// indexes, as it does on any database with a history.
await run(Number(values.warmup));
await db.query('ANALYZE');
// The scan counters printed below are the measured run's.
await db.query('SELECT pg_stat_reset()');
console.log(`running ${PURCHASES} purchases, ${CONCURRENCY} at a time...`);
// What the server's backends are doing, sampled every 50 ms: running, idle in a
// transaction, or waiting (on a row lock, on the WAL flush, ...).
const waits = new Map();
let sampling = true;
const sampler = (async () => {
  while (sampling) {
    const { rows } = await db.query(
      `SELECT coalesce(wait_event_type || ':' || wait_event, state) AS what, count(*)::int AS n
       FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND state <> 'idle' GROUP BY 1`,
      [name],
    );
    for (const row of rows) waits.set(row.what, (waits.get(row.what) ?? 0) + row.n);
    await new Promise((r) => setTimeout(r, 50));
  }
})();
/** WAL written by the whole cluster: records, full-page images and bytes (pg_stat_wal). */
const walStats = async () =>
  (
    await db.query(
      'SELECT wal_records::bigint AS records, wal_fpi::bigint AS fpi, wal_bytes::bigint AS bytes FROM pg_stat_wal',
    )
  ).rows[0];
const workBefore = await databaseWork(db, name);
const walBefore = await walStats();
const cpuBefore = cpuTimes(server.pid);
const startedAt = performance.now();
const { latencies, failed } = await run(PURCHASES);
const cpuAfter = cpuTimes(server.pid);
const walAfter = await walStats();
sampling = false;
await sampler;
const seconds = (performance.now() - startedAt) / 1000;
const pct = (p) => percentile(latencies, p);
const rate = PURCHASES / seconds;
const failures = [...failed.values()].reduce((a, b) => a + b, 0);
const failedBy = failures ? ` (${[...failed].map(([outcome, n]) => `${outcome}: ${n}`).join(', ')})` : '';
console.log(`purchases: ${rate.toFixed(0)}/s  p50 ${pct(50)} ms  p99 ${pct(99)} ms  failures ${failures}${failedBy}`);
const sampled = [...waits.values()].reduce((a, b) => a + b, 0);
console.log(
  'busy backends by wait (share of samples): ' +
    [...waits]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([what, n]) => `${what} ${((100 * n) / sampled).toFixed(0)}%`)
      .join(', '),
);

// Where the CPU went, per purchase: PostgreSQL (all its processes), the server (with the
// sandbox inside it), this client, and the whole machine.
const coreShare = (key, digits = 0) =>
  ((100 * (cpuAfter[key] - cpuBefore[key])) / (seconds * 100 * cpuAfter.cores)).toFixed(digits);
const perPurchase = (key) => (((cpuAfter[key] - cpuBefore[key]) * 10) / PURCHASES).toFixed(2);
console.log(
  `CPU per purchase: PostgreSQL ${perPurchase('postgres')} ms, server ${perPurchase('server')} ms, ` +
    `client ${perPurchase('client')} ms; machine ${perPurchase('machine')} ms ` +
    `(${coreShare('machine')}% of ${cpuAfter.cores} cores, of which stolen by the hypervisor ${coreShare('steal', 1)}%)`,
);

console.log(await sequentialScans(db));

// Counted by PostgreSQL, so the machine's load does not move them: a statement more per
// purchase shows here when throughput's noise hides it.
const workAfter = await databaseWork(db, name);
console.log(
  `database work per purchase: ${((workAfter.indexScans - workBefore.indexScans) / PURCHASES).toFixed(2)} index scans, ` +
    `${((workAfter.sequentialScans - workBefore.sequentialScans) / PURCHASES).toFixed(2)} sequential scans, ` +
    `${((workAfter.blocks - workBefore.blocks) / PURCHASES).toFixed(1)} shared blocks read`,
);

const walPer = (key) => ((Number(walAfter[key]) - Number(walBefore[key])) / PURCHASES).toFixed(1);
console.log(
  `WAL per purchase: ${walPer('records')} records, ${walPer('fpi')} full-page images, ${walPer('bytes')} bytes`,
);

// An update that changes no indexed column and finds room on its page touches no index (HOT).
const hot = await db.query(
  `SELECT relname, n_tup_upd::int AS updates, n_tup_hot_upd::int AS hot FROM pg_stat_user_tables
   WHERE relname IN ('orders', 'wallet_transactions') ORDER BY relname`,
);
console.log(`HOT updates: ${hot.rows.map((row) => `${row.relname} ${row.hot} of ${row.updates}`).join(', ')}`);

if (process.env.BENCH_STATEMENTS) {
  const { rows } = await db.query(
    `SELECT calls, round(total_exec_time::numeric, 0) AS ms, round((total_exec_time / calls)::numeric, 3) AS avg, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS q
     FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = $1) ORDER BY total_exec_time DESC LIMIT 30`,
    [name],
  );
  console.table(rows);
}
const check = await fetch(`${base}/api/health`);
stop();
await new Promise((r) => server.once('exit', r));

// The same database's raw speed, for scale.
execFileSync('pgbench', ['-i', '-q', '-s', '10', dbUrl], { stdio: 'ignore' });
const out = execFileSync('pgbench', ['-c', '8', '-j', '2', '-T', values['pgbench-seconds'], dbUrl], {
  encoding: 'utf8',
});
const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
console.log(`pgbench TPC-B: ${tps.toFixed(0)} tps (8 clients)`);
console.log(`ratio: ${(rate / tps).toFixed(2)} purchases per TPC-B transaction`);
const ledger = await db.query(`SELECT count(*)::int AS n FROM orders WHERE status = 'delivered'`);
console.log(`delivered orders: ${ledger.rows[0].n}  (health ${check.status})`);
await db.end();
await drop();

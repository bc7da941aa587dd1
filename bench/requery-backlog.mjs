#!/usr/bin/env node
// How long the requery worker takes to clear a backlog of unresolved orders against a slow
// upstream: ORDERS purchases the upstream leaves pending (the sandbox's pending number) are
// placed with the worker off, then the server restarts with its defaults (as after an outage)
// and the clock runs until every order is settled.
// Usage: npm run build && node bench/requery-backlog.mjs [--orders 1000] [--latency 200] [--concurrency 20]
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createScratchDatabase } from './scratch-database.mjs';
import { BENCH_PIN, seedAgents } from './seed-agents.mjs';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000' },
    // The upstream's time per call, in ms.
    latency: { type: 'string', default: '200' },
    // REQUERY_CONCURRENCY; unset: the server's default.
    concurrency: { type: 'string' },
  },
});
const ORDERS = Number(values.orders);
const PENDING_PHONE = '08012010000';

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function until(check, what, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const { name, url: dbUrl, drop } = await createScratchDatabase('backlog');
const children = [];
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

// The upstream, a process of its own that outlives the server's restart.
const sandboxPort = await freePort();
const upstreamUrl = `http://127.0.0.1:${sandboxPort}/sandbox/vtpass/api/`;
children.push(
  spawn(process.execPath, ['apps/server/dist/sandbox-main.js'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_LATENCY_MS: values.latency,
      SANDBOX_BALANCE: String(ORDERS * 1000),
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  }),
);

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
function startServer(env) {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      UPSTREAM_BASE_URL: upstreamUrl,
      LOG_LEVEL: 'error',
      ...(values.concurrency ? { REQUERY_CONCURRENCY: values.concurrency } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

// 1. Place the backlog with the worker off.
let server = startServer({ REQUERY_INTERVAL_MS: '0' });
await until(async () => (await fetch(`${base}/api/health`)).ok, 'the server');
const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
// Health waits for the catalogue since decision 029's step; an older build's did not.
await until(
  async () =>
    (await db.query(`SELECT count(*)::int AS n FROM catalog_services WHERE service_id = 'mtn'`)).rows[0].n > 0,
  'the catalogue',
);
const tokens = await seedAgents(db, name, 50);
console.log(`placing ${ORDERS} orders the upstream leaves pending (upstream: ${values.latency} ms a call)...`);
let next = 0;
await Promise.all(
  Array.from({ length: 50 }, async () => {
    while (next < ORDERS) {
      const i = next++;
      const response = await fetch(`${base}/api/v1/agent/purchases`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % tokens.length]}` },
        body: JSON.stringify({
          service: 'airtime',
          requestId: randomUUID(),
          pin: BENCH_PIN,
          network: 'mtn',
          phone: PENDING_PHONE,
          amount: '100',
        }),
      });
      if (response.status !== 201) throw new Error(`purchase: ${response.status} ${await response.text()}`);
    }
  }),
);
const unresolved = async () =>
  (await db.query(`SELECT count(*)::int AS n FROM orders WHERE status IN ('debited', 'pending')`)).rows[0].n;
console.log(`unresolved: ${await unresolved()}`);

// 2. Restart with the worker at its defaults, once every order is due (the first requery comes 10 s after the pay).
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
await until(
  async () => (await db.query(`SELECT count(*)::int AS n FROM orders WHERE next_attempt_at > now()`)).rows[0].n === 0,
  'every order to be due',
);
const started = performance.now();
server = startServer({});
await until(async () => (await fetch(`${base}/api/health`)).ok, 'the server');
const healthyAfter = performance.now() - started;
let left = ORDERS;
const progress = [];
while (left > 0) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  left = await unresolved();
  progress.push(`${((performance.now() - started) / 1000).toFixed(1)}s:${left}`);
  if (performance.now() - started > 300_000) break;
}
const seconds = (performance.now() - started) / 1000;
const delivered = (await db.query(`SELECT count(*)::int AS n FROM orders WHERE status = 'delivered'`)).rows[0].n;
console.log(`progress (time: unresolved) ${progress.filter((_, i) => i % 4 === 0).join('  ')}`);
console.log(
  `backlog of ${ORDERS} against a ${values.latency} ms upstream: cleared in ${seconds.toFixed(1)} s from the restart ` +
    `(server healthy after ${(healthyAfter / 1000).toFixed(1)} s), ${(ORDERS / seconds).toFixed(0)} orders/s, ` +
    `${delivered} delivered, ${left} left`,
);
await db.end();
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
await drop();
process.exit(left === 0 ? 0 : 1);

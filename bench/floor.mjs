#!/usr/bin/env node
// The floor of a purchase's architecture on this machine: a bare Fastify server that does only
// what every purchase must (one HTTP request in, a durable commit of the debit, one HTTP call to
// an upstream served by the same process, a durable commit of the settlement, the answer), with
// none of the product's work (no session, pricing, ledger, constraints or validation). Whatever
// it reaches is more than the product can.
// Usage: node bench/floor.mjs [--purchases 10000] [--concurrency 32] [--pool 20]
import { fork } from 'node:child_process';
import http from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { cpuTimes, percentile } from './measure.mjs';
import { createScratchDatabase } from './scratch-database.mjs';

const { values } = parseArgs({
  options: {
    serve: { type: 'string' },
    purchases: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '32' },
    pool: { type: 'string', default: '20' },
  },
});

if (values.serve) {
  // The server: POST /buy debits (INSERT in a transaction), calls /pay over HTTP, settles (UPDATE).
  const { default: Fastify } = await import('fastify');
  const { request } = await import('undici');
  const pool = new pg.Pool({ connectionString: values.serve, max: Number(values.pool) });
  const app = Fastify({ logger: false });
  let base = '';
  app.post('/pay', async (req) => ({ code: '000', requestId: req.body.requestId, token: '1234-5678' }));
  app.post('/buy', async (req, reply) => {
    const { requestId, amount } = req.body;
    const client = await pool.connect();
    let id;
    try {
      await client.query('BEGIN');
      id = (
        await client.query({
          name: 'debit',
          text: 'INSERT INTO floor_orders (request_id, amount, status) VALUES ($1, $2, $3) RETURNING id',
          values: [requestId, amount, 'pending'],
        })
      ).rows[0].id;
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const upstream = await request(`${base}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestId }),
    });
    const answer = await upstream.body.json();
    await pool.query({
      name: 'settle',
      text: 'UPDATE floor_orders SET status = $2, token = $3 WHERE id = $1',
      values: [id, 'delivered', answer.token],
    });
    reply.code(201);
    return { data: { requestId, status: 'delivered', token: answer.token } };
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  process.send(base);
} else {
  const { url, drop } = await createScratchDatabase('floor');
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query(`CREATE TABLE floor_orders (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    request_id uuid NOT NULL UNIQUE,
    amount bigint NOT NULL,
    status text NOT NULL,
    token text
  )`);
  const server = fork(new URL(import.meta.url).pathname, ['--serve', url, '--pool', values.pool]);
  const base = await new Promise((resolve) => server.once('message', resolve));

  const agent = new http.Agent({ keepAlive: true, maxSockets: Number(values.concurrency) });
  const post = (payload) =>
    new Promise((resolve, reject) => {
      const req = http.request(
        `${base}/buy`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve(res.statusCode));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const buy = async () => {
    const started = performance.now();
    const status = await post(JSON.stringify({ requestId: crypto.randomUUID(), amount: 10_000 }));
    return { ms: performance.now() - started, ok: status === 201 };
  };

  const cpu = () => cpuTimes(server.pid);

  for (let i = 0; i < 500; i++) await buy();
  const PURCHASES = Number(values.purchases);
  const latencies = [];
  let failures = 0;
  let next = 0;
  const before = cpu();
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: Number(values.concurrency) }, async () => {
      while (next < PURCHASES) {
        next++;
        const result = await buy();
        latencies.push(result.ms);
        if (!result.ok) failures++;
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  const after = cpu();
  latencies.sort((a, b) => a - b);
  const pct = (p) => percentile(latencies, p);
  console.log(
    `floor: ${(PURCHASES / seconds).toFixed(0)}/s  p50 ${pct(50)} ms  p99 ${pct(99)} ms  failures ${failures}  (${values.concurrency} in flight)`,
  );
  const per = (key) => (((after[key] - before[key]) * 10) / PURCHASES).toFixed(2);
  console.log(
    `CPU per purchase: PostgreSQL ${per('postgres')} ms, server ${per('server')} ms, client ${per('client')} ms`,
  );
  server.kill('SIGTERM');
  await db.end();
  await drop();
}

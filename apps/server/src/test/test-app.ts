import type { FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';
import { pino } from 'pino';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/database.js';
import { createTestClock, type TestClock } from './test-clock.js';
import { createTestDatabase } from './test-database.js';
import { creditWallet } from './test-money.js';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** What most tests read back: the envelope, loosely typed. */
export interface Envelope {
  message: string;
  code?: string;
  errors?: Array<{ path: string; message: string }>;
  meta?: { nextCursor: string | null };
  data?: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests assert on shapes directly
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  clock: TestClock;
  config: Config;
  url: string;
  request(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string },
  ): Promise<ApiResponse<Envelope>>;
  close(): Promise<void>;
}

/**
 * The whole application on its own database, listening on a free port: tests talk to it
 * over real HTTP, as clients do.
 */
export async function startTestApp(
  options: { env?: Record<string, string>; mailTransport?: Transporter } = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const clock = createTestClock();
  // The background workers are driven by the tests (app.purchases.runDue, app.webhooks.runDue)
  // unless a test asks otherwise: a worker of its own would race the test for the same rows.
  const config = loadConfig({
    DATA_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    REQUERY_INTERVAL_MS: '0',
    BULK_INTERVAL_MS: '0',
    WEBHOOK_INTERVAL_MS: '0',
    FLOAT_POLL_INTERVAL_MS: '0',
    PRICE_SYNC_INTERVAL_MS: '0',
    UPSTREAM_TIMEOUT_MS: '1000',
    SECRET_KEY: 'test-secret-key-of-at-least-32-characters',
    ...options.env,
  });
  const app = await buildApp({
    config,
    db,
    clock,
    logger: pino({ level: 'silent' }),
    ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  return {
    app,
    db,
    clock,
    config,
    url: address,
    async request(method, path, { body, token, headers, raw } = {}) {
      body = withTestPin(method, path, body);
      const response = await fetch(`${address}${path}`, {
        method,
        headers: {
          ...(body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        ...(raw !== undefined ? { body: raw } : body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      let parsed: Envelope;
      try {
        parsed = JSON.parse(text) as Envelope;
      } catch {
        parsed = { message: text };
      }
      return { status: response.status, headers: response.headers, body: parsed };
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}

let counter = 0;

/** The transaction PIN every agent registered by `registerAgent` chooses (docs/decisions/043). */
export const TEST_PIN = '2468';
const DASHBOARD_PURCHASE = '/api/v1/agent/purchases';

/**
 * A dashboard purchase body without a `pin` key gets TEST_PIN, as the dashboard's confirm dialog
 * adds the one the agent types; a test about the PIN names its own (`pin: undefined` sends none).
 */
export function withTestPin(method: string, path: string, body: unknown): unknown {
  const isPurchase = method === 'POST' && path === DASHBOARD_PURCHASE;
  if (!isPurchase || typeof body !== 'object' || body === null || Array.isArray(body) || 'pin' in body) return body;
  return { ...body, pin: TEST_PIN };
}

/** A valid registration body, unique per call. */
export function newAgentBody(overrides: Record<string, unknown> = {}) {
  counter++;
  const n = `${process.pid % 1000}${counter}`.padStart(8, '0').slice(-8);
  return {
    firstName: 'Chidi',
    lastName: 'Okafor',
    username: `agent_${n}`,
    email: `agent${n}@example.com`,
    phone: `080${n}`,
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
    ...overrides,
  };
}

/** Registers an agent and answers its token and user. */
export async function registerAgent(t: TestApp, overrides: Record<string, unknown> = {}) {
  const body = newAgentBody(overrides);
  const response = await t.request('POST', '/api/v1/agent/auth/register', { body });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  const token = response.body.data.authorization.token as string;
  const pinSet = await t.request('POST', '/api/v1/agent/auth/pin', { token, body: { pin: TEST_PIN } });
  if (pinSet.status !== 201) throw new Error(`setting the PIN failed: ${pinSet.status} ${JSON.stringify(pinSet.body)}`);
  return {
    body,
    token,
    user: response.body.data.user as { id: string; email: string },
  };
}

/**
 * Registers an agent (PIN set) with `kobo` in its wallet, credited through the ledger a second
 * before the app's clock, so the credit sorts before whatever the test does next.
 */
export async function fundedAgent(t: TestApp, kobo: bigint) {
  const agent = await registerAgent(t);
  if (kobo > 0n) await creditWallet(t.db, agent.user.id, kobo, { now: new Date(t.clock.now().getTime() - 1000) });
  return agent;
}

/** The wallet's available balance, as the API answers it (naira, two decimals). */
export async function walletBalance(t: TestApp, token: string, path = '/api/v1/agent/wallet/balance') {
  return (await t.request('GET', path, { token })).body.data.availableBalance as string;
}

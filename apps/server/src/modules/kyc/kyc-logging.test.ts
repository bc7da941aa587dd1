import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { createLogger } from '../../lib/logger.js';
import { createTestClock } from '../../test/test-clock.js';
import { createTestDatabase } from '../../test/test-database.js';

const GOOD_BVN = '22222222222';
const OUTAGE_ID = '22222222290';

/** The server's own logs, at their most talkative, never hold a BVN or NIN (decision 046). */
describe('identity checks in the logs', () => {
  const lines: string[] = [];
  let db: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let url: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    app = await buildApp({
      config: loadConfig({
        DATA_DIR: '/nonexistent',
        WEB_DIST_DIR: '/nonexistent',
        REQUERY_INTERVAL_MS: '0',
        WEBHOOK_INTERVAL_MS: '0',
        FLOAT_POLL_INTERVAL_MS: '0',
        PRICE_SYNC_INTERVAL_MS: '0',
        SECRET_KEY: 'test-secret-key-of-at-least-32-characters',
        // The synchronous path; Paystack's identification is logged in paystack-identification.test.ts.
        PAYSTACK_VALIDATE_CUSTOMERS: 'false',
      }),
      db,
      clock: createTestClock(),
      logger: createLogger('trace', sink),
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('logs the submits and their outcomes, not the number', async () => {
    const post = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        body: (await response.json()) as { data: { authorization: { token: string } } },
      };
    };
    const registered = await post('/api/v1/agent/auth/register', {
      firstName: 'Uchenna',
      lastName: 'Okoro',
      username: 'kyc_logs',
      email: 'kyc.logs@example.com',
      phone: '08098765432',
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
    });
    expect(registered.status).toBe(201);
    const token = registered.body.data.authorization.token;
    const kyc = (idNumber: string, firstName: string) =>
      post('/api/v1/agent/kyc', { idType: 'bvn', idNumber, firstName, lastName: 'Okoro' }, token);
    expect((await kyc(OUTAGE_ID, 'Uchenna')).status).toBe(503);
    expect((await kyc(GOOD_BVN, 'Chidi')).status).toBe(422);
    expect((await kyc(GOOD_BVN, 'Uchenna')).status).toBe(200);
    const logged = lines.join('');
    expect(logged).toContain('identity check');
    expect(logged).toContain('/api/v1/agent/kyc');
    for (const number of [GOOD_BVN, OUTAGE_ID]) expect(logged).not.toContain(number);
  });
});

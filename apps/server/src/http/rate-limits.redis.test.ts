import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;

// Runs where a Redis is given (CI sets TEST_REDIS_URL), like the PostgreSQL project.
describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // A fresh address per run: counters are keyed by IP and live in the shared Redis.
    const env = { REDIS_URL: redisUrl!, AUTH_IP_LIMIT_PER_MINUTE: '4', TRUST_PROXY: '1' };
    a = await startTestApp({ env });
    b = await startTestApp({ env });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts attempts made on two instances against one limit', async () => {
    const run = randomBytes(4).toString('hex');
    const ip = `198.51.${randomBytes(2).join('.')}`; // only a header value: no traffic goes there
    const headers = { 'x-forwarded-for': ip };
    for (let i = 0; i < 4; i++) {
      const instance = i % 2 === 0 ? a : b;
      const response = await instance.request('POST', '/api/v1/agent/auth/login', {
        body: { identifier: `x${i}-${run}`, password: 'y' },
        headers,
      });
      expect(response.status).toBe(401);
    }
    const blocked = await a.request('POST', '/api/v1/agent/auth/login', {
      body: { identifier: `x9-${run}`, password: 'y' },
      headers,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBeTruthy();
  });
});

describe.runIf(redisUrl)('sign-in failures shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl!, AUTH_IP_LIMIT_PER_MINUTE: '1000', TRUST_PROXY: '1' };
    a = await startTestApp({ env });
    b = await startTestApp({ env });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts the failures of one account from one address on two instances against one limit', async () => {
    const identifier = `nobody_${randomBytes(4).toString('hex')}`;
    const ip = `198.51.${randomBytes(2).join('.')}`;
    const attempt = (instance: TestApp, from = ip) =>
      instance.request('POST', '/api/v1/agent/auth/login', {
        body: { identifier, password: 'wrong password' },
        headers: { 'x-forwarded-for': from },
      });
    for (let i = 0; i < 10; i++) expect((await attempt(i % 2 === 0 ? a : b)).status).toBe(401);
    const blocked = await attempt(b);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many failed sign-ins. Try again in about 15 minutes.');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // Another address is not locked out of the account.
    expect((await attempt(a, `198.51.${randomBytes(2).join('.')}`)).status).toBe(401);
  });
});

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

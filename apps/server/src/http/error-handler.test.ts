import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';

const LOGIN = '/api/v1/agent/auth/login';

describe('the error envelope for bad input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(() => t.close());

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await t.request('GET', '/api/v1/agent/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'No route for GET /api/v1/agent/nothing-here', code: 'NOT_FOUND' });
  });

  it.each(['{"identifier":', '{identifier: "demo"}', "{'a':1}", '[1,2', 'null x'])(
    'answers malformed JSON %j with 400',
    async (raw) => {
      const response = await t.request('POST', LOGIN, { raw });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'The request body is not valid JSON', code: 'MALFORMED_JSON' });
    },
  );

  it('answers an empty JSON body with 400', async () => {
    const response = await t.request('POST', LOGIN, { raw: '' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('MALFORMED_JSON');
  });

  it.each(['[]', '"text"', '42', 'null'])('answers a JSON %s that is not an object with 422', async (raw) => {
    const response = await t.request('POST', LOGIN, { raw });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });

  it('answers a body over 64 KiB with 413', async () => {
    const response = await t.request('POST', LOGIN, {
      raw: JSON.stringify({ identifier: 'x'.repeat(70 * 1024), password: 'y' }),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'The request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers a body that is not JSON with 415', async () => {
    const response = await t.request('POST', LOGIN, {
      raw: 'identifier=demo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('never leaks a stack or an internal message', async () => {
    const response = await t.request('POST', LOGIN, { raw: '{"identifier":"\\u0000","password":{"$gt":""}}' });
    expect(response.status).toBe(422);
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.(js|ts):\d+|stack|node_modules/);
  });

  it('rejects prototype-pollution keys as unknown fields', async () => {
    const response = await t.request('POST', LOGIN, {
      raw: '{"identifier":"a","password":"b","__proto__":{"admin":true}}',
    });
    expect([400, 422]).toContain(response.status);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('sends the security headers on every answer', async () => {
    const response = await t.request('GET', '/api/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    // Error answers too: an unknown route and a rejected body.
    for (const answer of [await t.request('GET', '/api/v1/nowhere'), await t.request('POST', LOGIN, { body: {} })]) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.headers.get('content-security-policy')).toBe(csp);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

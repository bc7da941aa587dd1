import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorBody } from '@agentdesk/contract/envelope';
import { startTestApp, type TestApp } from '../test/test-app.js';

const LOGIN = '/api/v1/agent/auth/login';

/** Sends the request line as written: fetch would normalise a path (dot segments, encoding). */
function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ hostname, port, method, path, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({
          status: answer.statusCode ?? 0,
          headers: answer.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      );
      answer.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The envelope exactly: `{ message, code, errors? }` and nothing of Fastify's own body. */
function expectEnvelope(text: string, code: string) {
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(ZErrorBody.strict().parse(body)).toEqual(body);
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(text).not.toMatch(/FST_|statusCode|"error"/);
  return body;
}

describe('errors raised before routing answer the envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(() => t.close());

  it.each([
    ['/api/v1/agent/banks/%ZZ', 'GET'],
    ['/api/v1/agent/banks/%E0%A4%A', 'GET'],
    ['/api/v1/agent/banks/%', 'DELETE'],
    ['/api/v1/agent/banks/%C0%AF', 'GET'],
  ])('a bad percent-encoding %s (%s) is a 400 BAD_REQUEST', async (path, method) => {
    const answer = await rawRequest(t.url, method, path);
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(expectEnvelope(answer.text, 'BAD_REQUEST').message).toBe('The URL is malformed');
  });

  it('an over-long path parameter is a 414 with the envelope', async () => {
    const answer = await rawRequest(t.url, 'GET', `/api/v1/agent/banks/${'a'.repeat(300)}`);
    expect(answer.status).toBe(414);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(expectEnvelope(answer.text, 'BAD_REQUEST').message).toBe('The URL is too long');
  });

  it('sends the API headers on those answers too', async () => {
    for (const path of ['/api/v1/agent/banks/%ZZ', `/api/v1/agent/banks/${'b'.repeat(300)}`]) {
      const answer = await rawRequest(t.url, 'GET', path);
      expect(answer.headers['cache-control'], path).toBe('no-store');
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
      expect(answer.headers['content-security-policy'], path).toContain("default-src 'none'");
    }
  });

  it.each([
    ['malformed JSON', 'POST', LOGIN, { 'content-type': 'application/json' }, '{"identifier":', 400, 'MALFORMED_JSON'],
    ['an empty JSON body', 'POST', LOGIN, { 'content-type': 'application/json' }, '', 400, 'MALFORMED_JSON'],
    [
      'a form body',
      'POST',
      LOGIN,
      { 'content-type': 'application/x-www-form-urlencoded' },
      'a=1',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    ['a text body', 'POST', LOGIN, { 'content-type': 'text/plain' }, 'hello', 422, 'VALIDATION_FAILED'],
    ['a garbled content type', 'POST', LOGIN, { 'content-type': '/;;' }, '{}', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    [
      'a body over the limit',
      'POST',
      LOGIN,
      { 'content-type': 'application/json' },
      JSON.stringify({ identifier: 'x'.repeat(70 * 1024), password: 'y' }),
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    ['an unknown route', 'GET', '/api/v1/agent/nothing-here', {}, undefined, 404, 'NOT_FOUND'],
    ['an unknown top-level API path', 'GET', '/api/nothing', {}, undefined, 404, 'NOT_FOUND'],
    ['a method the route lacks', 'DELETE', LOGIN, {}, undefined, 404, 'NOT_FOUND'],
    ['PUT on a read-only resource', 'PUT', '/api/health', {}, undefined, 404, 'NOT_FOUND'],
    ['OPTIONS', 'OPTIONS', LOGIN, {}, undefined, 404, 'NOT_FOUND'],
    [
      'PATCH on an unknown route',
      'PATCH',
      '/api/v1/nowhere',
      { 'content-type': 'application/json' },
      '{}',
      404,
      'NOT_FOUND',
    ],
  ] as const)('%s answers the envelope', async (_what, method, path, headers, body, status, code) => {
    const answer = await rawRequest(t.url, method, path, { ...headers }, body);
    expect(answer.status).toBe(status);
    expectEnvelope(answer.text, code);
  });

  it('HEAD on an unknown API route is a bodiless 404, never the web page', async () => {
    const answer = await rawRequest(t.url, 'HEAD', '/api/v1/agent/nothing-here');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.text).toBe('');
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook, publicOnlyLookup } from './webhook-sender.js';

describe('sending one webhook', () => {
  let server: Server;
  let base: string;
  const bodies: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        if (request.url === '/hang') return; // never answers
        if (request.url === '/moved') return response.writeHead(302, { location: 'http://169.254.169.254/' }).end();
        response.writeHead(request.url === '/ok' ? 204 : 500).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  const send = (path: string, options: { allowPrivate?: boolean; timeoutMs?: number } = {}) =>
    postWebhook({
      url: `${base}${path}`,
      body: '{"id":"evt_1"}',
      headers: { 'content-type': 'application/json' },
      timeoutMs: options.timeoutMs ?? 5000,
      allowPrivate: options.allowPrivate ?? true,
      now: () => performance.now(),
    });

  it('answers the status: any 2xx is delivered, anything else is an error naming it', async () => {
    expect(await send('/ok')).toMatchObject({ statusCode: 204, error: null });
    expect(bodies.at(-1)).toBe('{"id":"evt_1"}');
    expect(await send('/fail')).toMatchObject({ statusCode: 500, error: 'HTTP 500' });
  });

  it('does not follow redirects', async () => {
    expect(await send('/moved')).toMatchObject({ statusCode: 302, error: 'HTTP 302: redirects are not followed' });
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const result = await send('/hang', { timeoutMs: 300 });
    expect(result).toMatchObject({ statusCode: null, error: 'No answer within 0.3 s' });
    expect(result.durationMs).toBeGreaterThanOrEqual(250);
  });

  it('says when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await postWebhook({
      url: `http://127.0.0.1:${port}/`,
      body: '{}',
      headers: {},
      timeoutMs: 2000,
      allowPrivate: true,
      now: () => performance.now(),
    });
    expect(result).toMatchObject({ statusCode: null, error: 'Connection refused' });
  });

  it('refuses private addresses when they are not allowed, before connecting', async () => {
    const before = bodies.length;
    expect(await send('/ok', { allowPrivate: false })).toMatchObject({
      statusCode: null,
      error: 'Refused: 127.0.0.1 is a private or local address',
    });
    expect(bodies.length).toBe(before);
  });

  it('refuses, at connect time, a name that resolves to a private address (DNS rebinding)', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup('localhost', { all: true }, (err) => resolve(err)),
    );
    expect(error?.code).toBe('EPRIVATEADDRESS');
  });
});

import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from './logger.js';

describe('logs', () => {
  it('never carry the webhook token of a URL', () => {
    expect(redactUrl('/api/v1/webhooks/upstream/s3cr3t-token-value?x=1')).toBe(
      '/api/v1/webhooks/upstream/[redacted]?x=1',
    );
    expect(redactUrl('/api/v1/agent/transactions?q=mtn')).toBe('/api/v1/agent/transactions?q=mtn');
  });

  it('keep bearer tokens and passwords out of request logs', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger('info', sink);
    const app = Fastify({ loggerInstance: logger });
    app.post('/api/v1/webhooks/upstream/:token', async (request) => {
      request.log.info({ body: request.body }, 'got it');
      return { ok: true };
    });
    await app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/upstream/very-secret-path-token',
      headers: { authorization: 'Bearer super-secret-bearer' },
      payload: { password: 'hunter2hunter2' },
    });
    await app.close();
    const text = lines.join('');
    expect(text).toContain('/api/v1/webhooks/upstream/[redacted]');
    expect(text).not.toContain('very-secret-path-token');
    expect(text).not.toContain('super-secret-bearer');
    expect(text).not.toContain('hunter2hunter2');
  });
});

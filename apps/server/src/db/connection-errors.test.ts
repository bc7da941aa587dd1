import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling, toErrorBody } from '../http/error-handler.js';
import { isConnectionLost } from './connection-errors.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isConnectionLost', () => {
  it.each([
    [
      'terminated by an administrator (57P01)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['a crash shutdown (57P02)', withCode('57P02')],
    ['a server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['class 08 (08006)', withCode('08006', 'connection failure')],
    ['class 08 (08000, 08003)', withCode('08003')],
    ['too many connections (53300)', withCode('53300')],
    ['a refused socket', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset socket', withCode('ECONNRESET', 'read ECONNRESET')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['an ended connection', new Error('Connection terminated')],
    ['no pooled client in time', new Error('timeout exceeded when trying to connect')],
    ['a broken client reused', new Error('Client has encountered a connection error and is not queryable')],
    ['a refused localhost (both addresses)', new AggregateError([withCode('ECONNREFUSED')], '')],
  ])('is true for %s', (_, error) => {
    expect(isConnectionLost(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error (42601)', withCode('42601')],
    ['a serialization failure (40001)', withCode('40001')],
    ['a statement timeout (57014)', withCode('57014', 'canceling statement due to statement timeout')],
    ['a plain error', new Error('Something else')],
    ['a failed fetch to the upstream', new TypeError('fetch failed', { cause: withCode('ECONNREFUSED') })],
    ['a string', 'Connection terminated'],
    ['nothing', undefined],
    ['null', null],
  ])('is false for %s', (_, error) => {
    expect(isConnectionLost(error)).toBe(false);
  });
});

describe('the error envelope for a lost database connection', () => {
  it('is a 503 SERVICE_UNAVAILABLE with a plain message, not a 500', () => {
    const lost = withCode('57P01', 'terminating connection due to administrator command');
    expect(toErrorBody(lost)).toEqual({
      status: 503,
      body: { message: 'The service is briefly unavailable. Please try again.', code: 'SERVICE_UNAVAILABLE' },
    });
    expect(toErrorBody(new Error('Connection terminated unexpectedly')).status).toBe(503);
    expect(toErrorBody(withCode('23505')).status).toBe(500);
  });

  it('is answered over HTTP and logged as a warning, without a stack', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    installErrorHandling(app, { basePath: '/' });
    app.get('/api/lost', async () => {
      throw withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432');
    });
    app.get('/api/broken', async () => {
      throw new Error('a bug');
    });
    try {
      const lost = await app.inject({ method: 'GET', url: '/api/lost' });
      expect(lost.statusCode).toBe(503);
      expect(lost.json()).toEqual({
        message: 'The service is briefly unavailable. Please try again.',
        code: 'SERVICE_UNAVAILABLE',
      });
      const warning = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((line) => line.level === 40);
      expect(warning).toMatchObject({ code: 'SERVICE_UNAVAILABLE', reason: 'connect ECONNREFUSED 127.0.0.1:5432' });
      expect(JSON.stringify(warning)).not.toContain('stack');
      expect((await app.inject({ method: 'GET', url: '/api/broken' })).statusCode).toBe(500);
    } finally {
      await app.close();
    }
  });
});

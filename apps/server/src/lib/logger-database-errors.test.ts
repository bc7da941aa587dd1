import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { createTestDatabase } from '../test/test-database.js';
import { createLogger } from './logger.js';

/** A logger whose lines are kept, and the error a statement failed with. */
function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: createLogger('info', sink), text: () => lines.join('') };
}

async function failure(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('the statement did not fail');
}

const TOKEN = '0630-4088-7785-4366-4993';
const PIN = 'WAECPIN-55512345678';

describe('a database error in the logs', () => {
  let db: Database;

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.exec(`CREATE TABLE logged_secrets (id int PRIMARY KEY, result jsonb NOT NULL CHECK (result ? 'ok'))`);
  });
  afterAll(() => db.close());

  it('says what failed without the value it quotes or the statement’s parameters (PGlite hangs them on its errors)', async () => {
    const error = await failure(
      db.query('INSERT INTO logged_secrets (id, result) VALUES (1, $1::jsonb) RETURNING $2::int', [
        JSON.stringify({ token: TOKEN }),
        `not a number ${PIN}`,
      ]),
    );
    const { log, text } = capture();
    log.error({ err: error }, 'a batch failed');
    const line = JSON.parse(text()) as { err: Record<string, unknown> };
    expect(line.err.message).toBe('invalid input syntax for type integer: [redacted]');
    expect(line.err.stack).toMatch(/^error: invalid input syntax for type integer: \[redacted\]\n/);
    expect(line.err).not.toHaveProperty('params');
    expect(line.err).not.toHaveProperty('where');
    expect(text()).not.toContain(PIN);
    expect(text()).not.toContain(TOKEN);
  });

  it('names the check that refused a row, without the row', async () => {
    const error = await failure(
      db.query('INSERT INTO logged_secrets (id, result) VALUES (2, $1::jsonb)', [JSON.stringify({ token: TOKEN })]),
    );
    const { log, text } = capture();
    log.error({ err: error }, 'a batch failed');
    const line = JSON.parse(text()) as { err: Record<string, unknown> };
    expect(line.err.message).toMatch(/violates check constraint "logged_secrets_result_check"/);
    expect(line.err).toMatchObject({ constraint: 'logged_secrets_result_check', table: 'logged_secrets' });
    expect(line.err).not.toHaveProperty('detail');
    expect(text()).not.toContain(TOKEN);
  });

  it('says a batch’s JSON did not parse without quoting it', async () => {
    const error = await failure(db.query('SELECT $1::jsonb AS batch', [`[{"token": "${TOKEN}", "pin": "${PIN}`]));
    const { log, text } = capture();
    log.error({ err: error }, 'a batch failed');
    expect((JSON.parse(text()) as { err: { message: string } }).err.message).toMatch(
      /invalid input syntax for type json/,
    );
    expect(text()).not.toContain(TOKEN);
    expect(text()).not.toContain(PIN);
  });

  it('keeps every field of an error that is not the database’s', () => {
    const { log, text } = capture();
    log.error({ err: Object.assign(new Error('upstream answered 502'), { orderId: 'ord-1' }) }, 'a call failed');
    expect(JSON.parse(text())).toMatchObject({ err: { message: 'upstream answered 502', orderId: 'ord-1' } });
  });

  it('leaves anything that is not an error as it was', () => {
    const { log, text } = capture();
    log.warn({ err: 'smtp said no', orders: 3 }, 'delivery failed');
    expect(JSON.parse(text())).toMatchObject({ err: 'smtp said no', orders: 3 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_COLUMNS } from '../modules/purchases/orders.repo.js';
import { createTestDatabase } from '../test/test-database.js';
import type { Database } from './database.js';
import { prepared } from './prepared.js';

describe('prepared statements', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  it('name their columns: a star that could widen the result is refused', () => {
    expect(() => prepared('SELECT * FROM orders WHERE id = $1')).toThrow(/names its columns/);
    expect(() => prepared('UPDATE orders SET attempts = 0 RETURNING *')).toThrow(/names its columns/);
    expect(() => prepared('SELECT o.*, 1 FROM orders o')).toThrow(/names its columns/);
    expect(prepared('SELECT count(*) FROM orders').name).toMatch(/^p[0-9a-f]{24}$/);
    expect(prepared('SELECT to_jsonb(u.*) FROM users u').text).toBe('SELECT to_jsonb(u.*) FROM users u');
    expect(prepared('SELECT 1').name).toBe(prepared('SELECT 1').name);
  });

  it('name every column of the orders table in the order columns', async () => {
    const rows = await db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'orders'`,
    );
    const named = ORDER_COLUMNS.split(',').map((column) => column.trim());
    expect([...named].sort()).toEqual(rows.map((row) => row.column_name).sort());
  });

  it('keep working on every connection after a migration adds a column to their table', async () => {
    const statement = prepared('SELECT id, code FROM ledger_accounts WHERE code = $1');
    const run = () =>
      Promise.all(Array.from({ length: 30 }, () => db.query<{ code: string }>(statement, ['provider:fees'])));
    for (const rows of await run()) expect(rows).toEqual([expect.objectContaining({ code: 'provider:fees' })]);
    await db.query('ALTER TABLE ledger_accounts ADD COLUMN prepared_test_note text');
    for (const rows of await run()) expect(rows).toEqual([expect.objectContaining({ code: 'provider:fees' })]);
  });
});

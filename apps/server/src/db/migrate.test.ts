import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from './migrate.js';
import { readdir } from 'node:fs/promises';
import { createTestDatabase } from '../test/test-database.js';

describe('migrate', () => {
  it('has applied every migration file once, in order, and records them', async () => {
    const db = await createTestDatabase();
    try {
      const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
      const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(rows.map((row) => row.name)).toEqual(files);
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('rolls back a failing migration whole and records nothing of it', async () => {
    const db = await createTestDatabase();
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    await writeFile(join(dir, '900-good.sql'), 'CREATE TABLE good_one (id int);');
    await writeFile(join(dir, '901-bad.sql'), 'CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;');
    try {
      await expect(migrate(db, dir)).rejects.toThrow(/no_such_table/);
      const names = (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name);
      expect(names).toContain('900-good.sql');
      expect(names).not.toContain('901-bad.sql');
      const halfDone = await db.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'`);
      expect(halfDone).toHaveLength(0);
    } finally {
      await db.close();
    }
  });

  it('stores int8 as bigint, so kobo never pass through a float', async () => {
    const db = await createTestDatabase();
    try {
      const [row] = await db.query<{ big: bigint }>(`SELECT 9007199254740993::int8 AS big`);
      expect(row!.big).toBe(9_007_199_254_740_993n);
    } finally {
      await db.close();
    }
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const db = await createTestDatabase();
    try {
      await db.query('CREATE TABLE t (v int)');
      await db.transaction((tx) => tx.query('INSERT INTO t VALUES (1)'));
      await expect(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES (2)');
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await db.query('SELECT v FROM t')).toEqual([{ v: 1 }]);
    } finally {
      await db.close();
    }
  });
});

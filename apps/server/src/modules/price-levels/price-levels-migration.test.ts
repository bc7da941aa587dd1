import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { migrate, MIGRATIONS_DIR } from '../../db/migrate.js';
import { openPgliteDatabase } from '../../db/pglite-database.js';

const LEVELS_MIGRATION = '030-price-levels.sql';

/**
 * Migration 030 on a database that already has agents and an operator (what a provider
 * upgrading has): one level, Agent, the default, with every agent in it and no operator.
 */
describe('migration 030 on a running business', () => {
  let db: Database;
  let dir: string;

  beforeAll(async () => {
    // Every migration before 030 first, then the rest, from a folder of copies.
    dir = await mkdtemp(join(tmpdir(), 'migrations-030-'));
    const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
    for (const name of files.filter((file) => file < LEVELS_MIGRATION)) {
      await copyFile(join(MIGRATIONS_DIR, name), join(dir, name));
    }
    db = await openPgliteDatabase();
    await migrate(db, dir);
    const user = (role: string, n: number) =>
      db.query(
        `INSERT INTO users (role, first_name, last_name, username, email, phone, password_hash, referral_code, operator_role, created_at, updated_at)
         VALUES ($1, 'Ada', 'Eze', $2, $3, $4, 'x', $5, $6, now(), now())`,
        [role, `user_${n}`, `user${n}@example.com`, `0803000000${n}`, `CODE${n}`, role === 'operator' ? 'owner' : null],
      );
    await user('agent', 1);
    await user('agent', 2);
    await user('operator', 3);
    for (const name of files.filter((file) => file >= LEVELS_MIGRATION)) {
      await copyFile(join(MIGRATIONS_DIR, name), join(dir, name));
    }
    expect(await migrate(db, dir)).toContain(LEVELS_MIGRATION);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('makes Agent the one level and the default, with every agent in it and no operator', async () => {
    const levels = await db.query<{ id: string; name: string }>('SELECT id, name FROM price_levels');
    expect(levels.map((level) => level.name)).toEqual(['Agent']);
    const [settings] = await db.query<{ id: string }>('SELECT default_price_level_id AS id FROM provider_settings');
    expect(settings!.id).toBe(levels[0]!.id);
    const users = await db.query<{ username: string; price_level_id: string | null }>(
      'SELECT username, price_level_id FROM users ORDER BY username',
    );
    expect(users).toEqual([
      { username: 'user_1', price_level_id: levels[0]!.id },
      { username: 'user_2', price_level_id: levels[0]!.id },
      { username: 'user_3', price_level_id: null },
    ]);
  });
});

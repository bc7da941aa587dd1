import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { createTestClock } from '../../test/test-clock.js';
import { createTestDatabase } from '../../test/test-database.js';
import { createCatalogLookup, type CatalogLookup } from './catalog-lookup.js';
import { CATALOGUE_TERMS, planKey } from './pricing.js';

/**
 * A price level's overrides are kept in memory with the catalogue rows purchases are priced
 * from (docs/decisions/026, 038): read once, then from memory, and forgotten when any instance
 * commits a change to them.
 */
describe('the catalogue lookup’s price levels', () => {
  let db: Database;
  let lookup: CatalogLookup;
  let reads = 0;
  let level: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    // Counts what the lookup asks the database; the test's own writes go to `db` itself.
    const counted: Database = {
      ...db,
      kind: db.kind,
      notifications: db.notifications,
      query: (sql, params) => {
        reads++;
        return db.query(sql, params);
      },
      exec: (sql) => db.exec(sql),
      transaction: (work) => db.transaction(work),
      close: () => db.close(),
    };
    lookup = await createCatalogLookup({ db: counted, clock: createTestClock() });
    await db.query(
      `INSERT INTO catalog_services (service_id, category, name, product_type, discount_bps, synced_at)
       VALUES ('mtn-data', 'data', 'MTN Data', 'fix', 300, now())`,
    );
    await db.query(
      `INSERT INTO catalog_variations (service_id, code, name, face_value, synced_at)
       VALUES ('mtn-data', 'mtn-1gb-500', 'MTN 1GB', 50000, now())`,
    );
    [{ id: level }] = (await db.query<{ id: string }>(
      `INSERT INTO price_levels (name, created_at, updated_at) VALUES ('Dealer', now(), now()) RETURNING id`,
    )) as [{ id: string }];
  });
  afterAll(() => db?.close());

  it('answers the catalogue’s own terms without a level, reading nothing', async () => {
    const before = reads;
    expect(await lookup.levelTerms(null)).toBe(CATALOGUE_TERMS);
    expect(reads).toBe(before);
  });

  it('reads a level’s overrides once, then serves them from memory until a change to them commits', async () => {
    await db.query(
      `INSERT INTO price_level_discounts (level_id, service_id, discount_bps) VALUES ($1, 'mtn-data', 500)`,
      [level],
    );
    await db.notifications.delivered();
    const before = reads;
    const first = await lookup.levelTerms(level);
    expect(first.discounts.get('mtn-data')).toBe(500);
    expect(reads).toBe(before + 1);
    for (let i = 0; i < 5; i++) expect(await lookup.levelTerms(level)).toBe(first);
    expect(reads).toBe(before + 1);

    await db.query(
      `INSERT INTO price_level_prices (level_id, service_id, code, price) VALUES ($1, 'mtn-data', 'mtn-1gb-500', 47000)`,
      [level],
    );
    await db.notifications.delivered();
    const changed = await lookup.levelTerms(level);
    expect(changed.prices.get(planKey('mtn-data', 'mtn-1gb-500'))).toBe(47_000n);
    expect(reads).toBe(before + 2);

    // A rolled-back change says nothing: the terms stay in memory.
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`DELETE FROM price_level_prices WHERE level_id = $1`, [level]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await db.notifications.delivered();
    expect(await lookup.levelTerms(level)).toBe(changed);
    expect(reads).toBe(before + 2);
  });

  it('keeps a level with no overrides too, so that its agents’ purchases read nothing either', async () => {
    const [{ id: empty }] = (await db.query<{ id: string }>(
      `INSERT INTO price_levels (name, created_at, updated_at) VALUES ('Plain', now(), now()) RETURNING id`,
    )) as [{ id: string }];
    const before = reads;
    const terms = await lookup.levelTerms(empty);
    expect(terms.discounts.size + terms.prices.size).toBe(0);
    expect(await lookup.levelTerms(empty)).toBe(terms);
    expect(reads).toBe(before + 1);
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { createTestDatabase } from '../../test/test-database.js';
import { createTestClock } from '../../test/test-clock.js';
import type { UpstreamAdapter, UpstreamVariation } from '../upstream/upstream.js';
import {
  countServices,
  findVariation,
  isCatalogSynced,
  listEnabledVariations,
  setVariationTerms,
} from './catalog.repo.js';
import { syncCatalog } from './catalog-sync.service.js';

const plan = (code: string, naira: number): UpstreamVariation => ({
  code,
  name: `${code} - ₦${naira}`,
  amount: BigInt(naira) * 100n,
  fixedPrice: true,
});

/** An upstream for a sync, which calls only these two (anything else would fail loudly). */
function syncUpstream(calls: Pick<UpstreamAdapter, 'listServices' | 'listVariations'>): UpstreamAdapter {
  return calls as UpstreamAdapter;
}

/** An upstream with one data service, whose plans the test changes between syncs. */
function fakeUpstream(plans: { now: UpstreamVariation[] }): UpstreamAdapter {
  return syncUpstream({
    listServices: async (category) =>
      category === 'data'
        ? [
            {
              serviceId: 'mtn-data',
              name: 'MTN Data',
              minimumAmount: null,
              maximumAmount: null,
              productType: 'fix',
              image: null,
            },
          ]
        : [],
    listVariations: async () => plans.now,
  });
}

describe('a catalogue sync', () => {
  let db: Database;
  const clock = createTestClock();
  const plans = { now: [plan('mtn-1gb', 500), plan('mtn-2gb', 1000), plan('mtn-5gb', 2000)] };
  const sync = () => syncCatalog({ db, clock, upstream: fakeUpstream(plans) });
  const forSale = async () => (await listEnabledVariations(db, ['mtn-data'])).map((row) => row.code);

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  it('withdraws a plan the upstream no longer lists, and sells it again once it is listed again', async () => {
    expect(await sync()).toEqual({ services: 1, variations: 3, withdrawn: 0, pricesChanged: 0 });
    expect(await forSale()).toEqual(['mtn-1gb', 'mtn-2gb', 'mtn-5gb']);
    // An operator switches the 5 GB plan off.
    await setVariationTerms(db, 'mtn-data', 'mtn-5gb', { enabled: false });

    plans.now = [plan('mtn-2gb', 1000), plan('mtn-5gb', 2000)];
    expect(await sync()).toEqual({ services: 1, variations: 2, withdrawn: 1, pricesChanged: 0 });
    expect(await forSale()).toEqual(['mtn-2gb']);
    // A purchase prices through findVariation: the withdrawn plan is not for sale there either.
    expect((await findVariation(db, 'mtn-data', 'mtn-1gb'))?.enabled).toBe(false);
    expect((await findVariation(db, 'mtn-data', 'mtn-2gb'))?.enabled).toBe(true);

    plans.now = [plan('mtn-1gb', 550), plan('mtn-2gb', 1000), plan('mtn-5gb', 2000)];
    expect(await sync()).toEqual({ services: 1, variations: 3, withdrawn: 0, pricesChanged: 1 });
    // Listed again at its new face value; the operator's switch on the 5 GB plan stands.
    expect(await forSale()).toEqual(['mtn-1gb', 'mtn-2gb']);
    expect((await findVariation(db, 'mtn-data', 'mtn-1gb'))?.face_value).toBe(55_000n);
  });

  it('follows a changed amount once: a fixed price keeps its discount, and the same amounts again change nothing', async () => {
    // The catalogue's fixed price, ₦950 for ₦1,000 (5 % off), is the default level's price.
    await setVariationTerms(db, 'mtn-data', 'mtn-2gb', { agentPrice: 95_000n });
    plans.now = [plan('mtn-1gb', 550), plan('mtn-2gb', 1100), plan('mtn-5gb', 2000)];
    expect(await sync()).toEqual({ services: 1, variations: 3, withdrawn: 0, pricesChanged: 1 });
    const levelPrices = () =>
      db.query<{ price: bigint }>(
        `SELECT price FROM price_level_prices WHERE service_id = 'mtn-data' AND code = 'mtn-2gb'`,
      );
    expect(await levelPrices()).toEqual([{ price: 104_500n }]);
    expect(await sync()).toEqual({ services: 1, variations: 3, withdrawn: 0, pricesChanged: 0 });
    expect(await levelPrices()).toEqual([{ price: 104_500n }]);
    plans.now = [plan('mtn-1gb', 550), plan('mtn-2gb', 1000)];
  });

  it('withdraws nothing when a service that sells plans answers none at all', async () => {
    plans.now = [];
    expect(await sync()).toEqual({ services: 1, variations: 0, withdrawn: 0, pricesChanged: 0 });
    expect(await forSale()).toEqual(['mtn-1gb', 'mtn-2gb']);
  });
});

/**
 * An upstream with `perCategory` data and TV services of three plans each, whose
 * listVariations fails from its `failAt`th call on while `failAt` is set (the upstream going
 * down in the middle of a sync).
 */
function flakyUpstream(perCategory: number, failure: { failAt?: number }): UpstreamAdapter {
  let calls = 0;
  return syncUpstream({
    listServices: async (category) =>
      category === 'data' || category === 'tv-subscription'
        ? Array.from({ length: perCategory }, (_, i) => ({
            serviceId: `${category}-${i}`,
            name: `${category} ${i}`,
            minimumAmount: null,
            maximumAmount: null,
            productType: 'fix' as const,
            image: null,
          }))
        : [],
    listVariations: async (serviceId) => {
      calls++;
      if (failure.failAt !== undefined && calls >= failure.failAt) throw new Error('upstream unreachable');
      return [plan(`${serviceId}-a`, 100), plan(`${serviceId}-b`, 200), plan(`${serviceId}-c`, 300)];
    },
  });
}

describe('a catalogue sync cut short', () => {
  let db: Database;
  const clock = createTestClock();
  const plansOf = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalog_variations WHERE listed'))[0]!.n;

  beforeEach(async () => {
    db = await createTestDatabase();
  });
  afterEach(() => db.close());

  it('records nothing completed when the upstream fails on a service; the next run completes and records it', async () => {
    const failure: { failAt?: number } = { failAt: 6 };
    const upstream = flakyUpstream(4, failure);
    expect(await isCatalogSynced(db)).toBe(false);
    await expect(syncCatalog({ db, clock, upstream })).rejects.toThrow('upstream unreachable');
    // The five services before the failure are kept, each whole; the sync is not complete.
    expect(await countServices(db)).toBe(5);
    expect(await plansOf()).toBe(15);
    expect(await isCatalogSynced(db)).toBe(false);

    // Run whole again (what a later start does): the services done are upserted again, not doubled.
    delete failure.failAt;
    expect(await syncCatalog({ db, clock, upstream })).toEqual({
      services: 8,
      variations: 24,
      withdrawn: 0,
      pricesChanged: 0,
    });
    expect(await countServices(db)).toBe(8);
    expect(await plansOf()).toBe(24);
    expect(await isCatalogSynced(db)).toBe(true);
    // A later failing sync does not take the record back: the catalogue was complete once.
    failure.failAt = 1;
    await expect(syncCatalog({ db, clock, upstream: flakyUpstream(4, failure) })).rejects.toThrow();
    expect(await isCatalogSynced(db)).toBe(true);
  });

  it('stops at the next service once aborted (a shutdown), recording nothing completed', async () => {
    const stop = new AbortController();
    const inner = flakyUpstream(4, {});
    let calls = 0;
    // The stop comes while the third service's plans are being fetched.
    const upstream = syncUpstream({
      listServices: (category) => inner.listServices(category),
      listVariations: async (serviceId) => {
        if (++calls === 3) stop.abort();
        return inner.listVariations(serviceId);
      },
    });
    await expect(syncCatalog({ db, clock, upstream, signal: stop.signal })).rejects.toThrow(/abort/i);
    expect(await countServices(db)).toBe(2);
    expect(await isCatalogSynced(db)).toBe(false);
    expect((await syncCatalog({ db, clock, upstream: flakyUpstream(4, {}) })).services).toBe(8);
    expect(await isCatalogSynced(db)).toBe(true);
  });
});

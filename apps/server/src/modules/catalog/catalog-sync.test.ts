import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { createTestDatabase } from '../../test/test-database.js';
import { createTestClock } from '../../test/test-clock.js';
import type { UpstreamAdapter, UpstreamVariation } from '../upstream/upstream.js';
import { findVariation, listEnabledVariations, setVariationTerms } from './catalog.repo.js';
import { syncCatalog } from './catalog-sync.service.js';

const plan = (code: string, naira: number): UpstreamVariation => ({
  code,
  name: `${code} - ₦${naira}`,
  amount: BigInt(naira) * 100n,
  fixedPrice: true,
});

/** An upstream with one data service, whose plans the test changes between syncs. */
function fakeUpstream(plans: { now: UpstreamVariation[] }): UpstreamAdapter {
  const unused = () => Promise.reject(new Error('not used by a sync'));
  return {
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
    verify: unused,
    pay: unused,
    requery: unused,
    balance: unused,
  };
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
    expect(await sync()).toEqual({ services: 1, variations: 3, withdrawn: 0 });
    expect(await forSale()).toEqual(['mtn-1gb', 'mtn-2gb', 'mtn-5gb']);
    // An operator switches the 5 GB plan off.
    await setVariationTerms(db, 'mtn-data', 'mtn-5gb', { enabled: false });

    plans.now = [plan('mtn-2gb', 1000), plan('mtn-5gb', 2000)];
    expect(await sync()).toEqual({ services: 1, variations: 2, withdrawn: 1 });
    expect(await forSale()).toEqual(['mtn-2gb']);
    // A purchase prices through findVariation: the withdrawn plan is not for sale there either.
    expect((await findVariation(db, 'mtn-data', 'mtn-1gb'))?.enabled).toBe(false);
    expect((await findVariation(db, 'mtn-data', 'mtn-2gb'))?.enabled).toBe(true);

    plans.now = [plan('mtn-1gb', 550), plan('mtn-2gb', 1000), plan('mtn-5gb', 2000)];
    expect(await sync()).toEqual({ services: 1, variations: 3, withdrawn: 0 });
    // Listed again at its new face value; the operator's switch on the 5 GB plan stands.
    expect(await forSale()).toEqual(['mtn-1gb', 'mtn-2gb']);
    expect((await findVariation(db, 'mtn-data', 'mtn-1gb'))?.face_value).toBe(55_000n);
  });

  it('withdraws nothing when a service that sells plans answers none at all', async () => {
    plans.now = [];
    expect(await sync()).toEqual({ services: 1, variations: 0, withdrawn: 0 });
    expect(await forSale()).toEqual(['mtn-1gb', 'mtn-2gb']);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';

const LIST = '/api/v1/agent/transactions';

describe('wallet balance and transaction history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
  });
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  it('answers "0.00" for a new agent and the ledger balance after a credit', async () => {
    const { token, user } = await registerAgent(t);
    const empty = await t.request('GET', '/api/v1/agent/wallet/balance', { token });
    expect(empty.body).toEqual({ message: 'OK', data: { availableBalance: '0.00' } });
    await creditWallet(t.db, user.id, 150_050n);
    const funded = await t.request('GET', '/api/v1/agent/wallet/balance', { token });
    expect(funded.body.data.availableBalance).toBe('1500.50');
  });

  it('lists movements newest first with every field of the spec', async () => {
    const { token, user } = await registerAgent(t);
    await creditWallet(t.db, user.id, 100_000n, { now: new Date('2026-11-01T10:00:00Z'), name: 'First' });
    await creditWallet(t.db, user.id, 20_000n, { now: new Date('2026-11-02T10:00:00Z'), name: 'Second' });
    const response = await t.request('GET', LIST, { token });
    expect(response.status).toBe(200);
    expect(response.body.meta).toEqual({ nextCursor: null });
    const [second, first] = response.body.data;
    expect(first.name).toBe('First');
    expect(second).toMatchObject({
      name: 'Second',
      amount: '200.00',
      direction: 'credit',
      transactionType: 'adjustment',
      status: 'success',
      imageUrl: null,
      createdAt: '2026-11-02T10:00:00.000Z',
      details: { balance: { before: '1000.00', after: '1200.00' } },
    });
    expect(second.ref).toMatch(/^ADJ-20261102-[A-Z0-9]{8}$/);
    expect(second).toHaveProperty('id');
    expect(second).toHaveProperty('description');
    const one = await t.request('GET', `${LIST}/${second.id}`, { token });
    expect(one.body.data).toEqual(second);
  });

  it('pages by cursor without repeating or skipping a row while new rows arrive', async () => {
    const { token, user } = await registerAgent(t);
    const base = Date.parse('2026-10-01T00:00:00Z');
    for (let i = 0; i < 25; i++)
      await creditWallet(t.db, user.id, 100n, { now: new Date(base + (i % 10) * 1000), name: `Row ${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await t.request('GET', `${LIST}?limit=7${cursor ? `&cursor=${cursor}` : ''}`, { token });
      expect(response.status).toBe(200);
      seen.push(...response.body.data.map((row: { id: string }) => row.id));
      cursor = response.body.meta!.nextCursor;
      // Newer movements arrive between pages.
      await creditWallet(t.db, user.id, 100n, { now: new Date(base + 86_400_000 + pages * 1000), name: 'New' });
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
  });

  it('filters by text over name, reference, recipient and description, and by type, status, service and Lagos dates', async () => {
    const { token, user } = await registerAgent(t);
    const a = await creditWallet(t.db, user.id, 100n, {
      now: new Date('2026-11-10T22:30:00Z'),
      name: 'MTN Airtime',
      recipient: '08031112222',
      service: 'mtn',
    });
    await creditWallet(t.db, user.id, 100n, {
      now: new Date('2026-11-11T12:00:00Z'),
      name: 'DStv Compact',
      description: 'Smartcard 100% renewal',
      service: 'dstv',
    });
    const q = async (query: string) =>
      (await t.request('GET', `${LIST}?${query}`, { token })).body.data.map((row: { name: string }) => row.name);
    expect(await q('q=airtime')).toEqual(['MTN Airtime']);
    expect(await q('q=0803111')).toEqual(['MTN Airtime']);
    expect(await q(`q=${a.ref.toLowerCase()}`)).toEqual(['MTN Airtime']);
    expect(await q('q=100%25')).toEqual(['DStv Compact']);
    expect(await q('q=_')).toEqual([]);
    expect(await q('service=dstv')).toEqual(['DStv Compact']);
    expect(await q('type=adjustment&status=success')).toHaveLength(2);
    expect(await q('type=purchase')).toEqual([]);
    // 22:30 UTC on the 10th is 23:30 on the 10th in Lagos; 12:00 UTC on the 11th is the 11th.
    expect(await q('from=2026-11-11&to=2026-11-11')).toEqual(['DStv Compact']);
    expect(await q('from=2026-11-10&to=2026-11-10')).toEqual(['MTN Airtime']);
  });

  it('keeps each agent to their own movements', async () => {
    const mine = await registerAgent(t);
    const theirs = await registerAgent(t);
    const row = await creditWallet(t.db, theirs.user.id, 100n);
    expect((await t.request('GET', `${LIST}/${row.id}`, { token: mine.token })).status).toBe(404);
    expect((await t.request('GET', LIST, { token: mine.token })).body.data).toEqual([]);
    const cursor = await t.request('GET', `${LIST}?cursor=${row.id}`, { token: mine.token });
    expect(cursor.status).toBe(422);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['cursor=abc', 'cursor'],
    ['type=gift', 'type'],
    ['status=done', 'status'],
    ['from=2026-13-01', 'from'],
    ['from=2026-11-12&to=2026-11-11', 'to'],
    ['sort=asc', 'sort'],
  ])('refuses ?%s naming %s', async (query, path) => {
    const { token } = await registerAgent(t);
    const response = await t.request('GET', `${LIST}?${query}`, { token });
    expect(response.status).toBe(422);
    expect(response.body.errors?.map((error) => error.path)).toContain(path);
  });

  it('answers a malformed id with 422 and an unknown one with 404', async () => {
    const { token } = await registerAgent(t);
    expect((await t.request('GET', `${LIST}/not-a-uuid`, { token })).status).toBe(422);
    expect((await t.request('GET', `${LIST}/00000000-0000-4000-8000-000000000000`, { token })).status).toBe(404);
  });

  it("keeps the search index's pending list small, so no write merges megabytes of it at once", async () => {
    const [index] = await t.db.query<{ reloptions: string[] | null }>(
      `SELECT c.reloptions FROM pg_class c WHERE c.relname = 'wallet_transactions_search_idx'`,
    );
    expect(index!.reloptions).toContain('gin_pending_list_limit=256');
    // A row still in the pending list is found by the search.
    const { token, user } = await registerAgent(t);
    await creditWallet(t.db, user.id, 100n, { name: 'Pending list probe' });
    const found = await t.request('GET', `${LIST}?q=list%20probe`, { token });
    expect(found.body.data.map((row: { name: string }) => row.name)).toEqual(['Pending list probe']);
  });

  it('serves a page from the index, not a scan and sort', async () => {
    const { user } = await registerAgent(t);
    await t.db.query(
      `INSERT INTO wallet_transactions (user_id, ref, type, status, direction, amount, balance_before, balance_after, name, description, created_at, updated_at)
       SELECT $1, 'BULK-' || g, 'adjustment', 'success', 'credit', 1, 0, 1, 'Bulk', 'bulk', now() - g * interval '1 minute', now()
       FROM generate_series(1, 20000) g`,
      [user.id],
    );
    await t.db.query('ANALYZE wallet_transactions');
    const [middle] = await t.db.query<{ id: string }>(`SELECT id FROM wallet_transactions WHERE ref = 'BULK-10000'`);
    // The shape of the repository's page query, deep in the history.
    const plan = await t.db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT * FROM wallet_transactions t
       WHERE t.user_id = $1
         AND (t.created_at, t.id) < (SELECT c.created_at, c.id FROM wallet_transactions c WHERE c.id = $2 AND c.user_id = $1)
       ORDER BY t.created_at DESC, t.id DESC LIMIT 21`,
      [user.id, middle!.id],
    );
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index Scan using wallet_transactions_user_created_idx on wallet_transactions t/);
    expect(text).not.toMatch(/Sort|Seq Scan/);
    await t.db.query(`DELETE FROM wallet_transactions WHERE ref LIKE 'BULK-%'`);
  });
});

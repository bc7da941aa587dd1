import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { creditWallet, expectLedgerHealthy, ledgerAccountScans } from '../../test/test-money.js';
import {
  findProviderBalance,
  findWalletBalance,
  PROVIDER_SHARDS,
  providerAccountCode,
  upstreamFloatCodes,
} from './ledger.repo.js';
import { checkLedger } from './ledger-check.js';
import { postMovement } from './ledger.service.js';
import { postWalletMovement } from './wallet-movement.js';

function debit(db: Database, userId: string, kobo: bigint, key: string = randomUUID()) {
  return db.transaction((tx) =>
    postWalletMovement(tx, {
      userId,
      direction: 'debit',
      amount: kobo,
      counterpart: 'upstream_float',
      idempotencyKey: `test-debit:${key}`,
      type: 'purchase',
      name: 'Test purchase',
      description: 'A debit for a test',
      now: new Date(),
    }),
  );
}

describe('the ledger', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
  });
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  it('credits and debits a wallet with balanced entries and history rows', async () => {
    const { user } = await registerAgent(t);
    const credit = await creditWallet(t.db, user.id, 150_000n);
    expect(credit).toMatchObject({
      direction: 'credit',
      amount: 150_000n,
      balance_before: 0n,
      balance_after: 150_000n,
    });
    const spent = await debit(t.db, user.id, 50_050n);
    expect(spent).toMatchObject({ direction: 'debit', balance_before: 150_000n, balance_after: 99_950n });
    expect(await findWalletBalance(t.db, user.id)).toBe(99_950n);
    const postings = await t.db.query<{ amount: bigint }>('SELECT amount FROM postings WHERE entry_id = $1', [
      spent!.entry_id,
    ]);
    expect(postings.map((p) => p.amount).sort()).toEqual([-50_050n, 50_050n].sort());
  });

  it('spreads the upstream float over its shards; the float is their sum', async () => {
    const { user } = await registerAgent(t);
    await creditWallet(t.db, user.id, 1_000_000n);
    const floatBefore = await findProviderBalance(t.db, 'upstream_float');
    const spent = await Promise.all(
      Array.from({ length: 24 }, (_, index) => debit(t.db, user.id, BigInt(1_000 + index))),
    );
    const total = spent.reduce((sum, row) => sum + row!.amount, 0n);
    expect(await findProviderBalance(t.db, 'upstream_float')).toBe(floatBefore + total);
    expect(await findWalletBalance(t.db, user.id)).toBe(1_000_000n - total);
    const touched = await t.db.query<{ code: string }>(
      `SELECT DISTINCT a.code FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
       WHERE p.entry_id = ANY($1::uuid[]) AND a.kind = 'upstream_float'`,
      [spent.map((row) => row!.entry_id)],
    );
    expect(touched.length).toBeGreaterThan(4);
  });

  it('picks a provider shard from the movement key: stable, every shard used, and each one exists', async () => {
    const shards = PROVIDER_SHARDS.upstream_float!;
    const codes = new Set(
      Array.from({ length: 2_000 }, () => providerAccountCode('upstream_float', `order:${randomUUID()}`)),
    );
    expect(codes.size).toBe(shards);
    expect(providerAccountCode('upstream_float', 'order:1')).toBe(providerAccountCode('upstream_float', 'order:1'));
    expect(providerAccountCode('revenue', 'order:1')).toBe('provider:revenue');
    // Every configured upstream's float has its shards (decision 037): the test app has two.
    const clubkonnect = new Set(
      Array.from({ length: 2_000 }, () =>
        providerAccountCode('upstream_float', `order:${randomUUID()}`, 'clubkonnect'),
      ),
    );
    expect(clubkonnect.size).toBe(shards);
    expect(new Set(upstreamFloatCodes('clubkonnect'))).toEqual(clubkonnect);
    expect(new Set(upstreamFloatCodes('vtpass'))).toEqual(codes);
    const existing = await t.db.query<{ code: string }>(
      `SELECT code FROM ledger_accounts WHERE kind = 'upstream_float' AND allow_negative AND user_id IS NULL`,
    );
    expect(new Set(existing.map((row) => row.code))).toEqual(new Set([...codes, ...clubkonnect]));
  });

  it('refuses a debit beyond the balance and writes nothing', async () => {
    const { user } = await registerAgent(t);
    await creditWallet(t.db, user.id, 10_000n);
    const before = await t.db.query('SELECT count(*)::int AS n FROM journal_entries');
    await expect(debit(t.db, user.id, 10_001n)).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await t.db.query('SELECT count(*)::int AS n FROM journal_entries')).toEqual(before);
    expect(await findWalletBalance(t.db, user.id)).toBe(10_000n);
  });

  it('posts an idempotency key once', async () => {
    const { user } = await registerAgent(t);
    await creditWallet(t.db, user.id, 10_000n);
    expect(await debit(t.db, user.id, 4_000n, 'same')).toBeDefined();
    expect(await debit(t.db, user.id, 4_000n, 'same')).toBeUndefined();
    expect(await findWalletBalance(t.db, user.id)).toBe(6_000n);
  });

  it('refuses an unbalanced movement before touching the database', async () => {
    await expect(
      t.db.transaction((tx) =>
        postMovement(tx, {
          kind: 'test',
          idempotencyKey: randomUUID(),
          description: 'broken',
          postings: [
            { party: { provider: 'revenue' }, amount: 100n },
            { party: { provider: 'fees' }, amount: -99n },
          ],
          now: new Date(),
        }),
      ),
    ).rejects.toThrow(/does not balance/);
  });

  it('has the database itself refuse an unbalanced entry and any change to history', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        const [entry] = await tx.query<{ id: string }>(
          `INSERT INTO journal_entries (kind, idempotency_key, description, created_at) VALUES ('x', $1, 'x', now()) RETURNING id`,
          [randomUUID()],
        );
        const [account] = await tx.query<{ id: string }>(
          `SELECT id FROM ledger_accounts WHERE code = 'provider:revenue'`,
        );
        await tx.query('INSERT INTO postings (entry_id, account_id, amount, balance_after) VALUES ($1, $2, 5, 5)', [
          entry!.id,
          account!.id,
        ]);
      }),
    ).rejects.toThrow(/does not balance/);
    await expect(t.db.query('UPDATE postings SET amount = amount + 1')).rejects.toThrow(/immutable/);
    await expect(t.db.query('DELETE FROM journal_entries')).rejects.toThrow(/immutable/);
  });

  it('never lets a wallet go negative under 50 concurrent credits and debits, and always balances', async () => {
    const { user } = await registerAgent(t);
    await creditWallet(t.db, user.id, 10_000n);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0 ? debit(t.db, user.id, 3_000n) : creditWallet(t.db, user.id, 1_000n),
      ),
    );
    const debited = results.filter((r, i) => i % 2 === 0 && r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    for (const r of refused) expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await findWalletBalance(t.db, user.id)).toBe(10_000n + 25n * 1_000n - BigInt(debited) * 3_000n);
    const history = await t.db.query<{ balance_after: bigint }>(
      'SELECT balance_after FROM wallet_transactions WHERE user_id = $1',
      [user.id],
    );
    expect(history.every((row) => row.balance_after >= 0n)).toBe(true);
    expect(history).toHaveLength(1 + 25 + debited);
  });

  it('creates a wallet on its first movement, in the same statement, and answers the history row as stored', async () => {
    const { user } = await registerAgent(t);
    await t.db.query('DELETE FROM ledger_accounts WHERE user_id = $1', [user.id]);
    const credit = await creditWallet(t.db, user.id, 2_500n);
    expect(await findWalletBalance(t.db, user.id)).toBe(2_500n);
    const [stored] = await t.db.query<Record<string, unknown>>(
      `SELECT id, user_id, entry_id, ref, type, status, direction, amount, balance_before, balance_after, name, description,
         service, recipient, image_url, details, created_at, updated_at FROM wallet_transactions WHERE id = $1`,
      [credit.id],
    );
    expect(credit).toEqual(stored);
  });

  it('refuses a movement to an account that does not exist, or to one account twice, and writes nothing', async () => {
    const key = randomUUID();
    await expect(
      t.db.query(`SELECT * FROM post_movement('test', $1, 'x', now(), $2, $3)`, [
        key,
        ['provider:fees', 'provider:nowhere'],
        ['5', '-5'],
      ]),
    ).rejects.toThrow(/missing/);
    expect(await t.db.query('SELECT 1 FROM journal_entries WHERE idempotency_key = $1', [key])).toHaveLength(0);
    await expect(
      t.db.transaction((tx) =>
        postMovement(tx, {
          kind: 'test',
          idempotencyKey: randomUUID(),
          description: 'twice',
          postings: [
            { party: { provider: 'fees' }, amount: 5n },
            { party: { provider: 'fees' }, amount: 5n },
            { party: { provider: 'revenue' }, amount: -10n },
          ],
          now: new Date(),
        }),
      ),
    ).rejects.toThrow(/one account twice/);
  });

  it('moves each account through the index on its code, however many accounts there are', async () => {
    const { user } = await registerAgent(t);
    await creditWallet(t.db, user.id, 1_000_000n);
    const scans = await ledgerAccountScans(t.db, 2000, async (tx) => {
      for (let i = 0; i < 3; i++) {
        await postWalletMovement(tx, {
          userId: user.id,
          direction: 'debit',
          amount: 100n,
          counterpart: 'upstream_float',
          idempotencyKey: `test-debit:${randomUUID()}`,
          type: 'purchase',
          name: 'Test purchase',
          description: 'A debit among many accounts',
          now: new Date(),
        });
      }
    });
    expect(scans.seq).toBe(0);
    expect(scans.index).toBeGreaterThanOrEqual(6);
  });

  it('reports tampering with a balance', async () => {
    const db = t.db;
    const { user } = await registerAgent(t);
    await creditWallet(db, user.id, 1_000n);
    await db.query(`UPDATE ledger_accounts SET balance = balance + 1 WHERE user_id = $1`, [user.id]);
    const violations = await checkLedger(db);
    expect(violations.map((v) => v.rule)).toContain('balance-equals-postings');
    await db.query(`UPDATE ledger_accounts SET balance = balance - 1 WHERE user_id = $1`, [user.id]);
  });
});

import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Database, Queryable } from '../db/database.js';
import { checkLedger } from '../modules/ledger/ledger-check.js';
import { postWalletMovement } from '../modules/ledger/wallet-movement.js';
import type { TransactionRow } from '../modules/transactions/transactions.repo.js';

/** Puts money in a wallet the way an operator adjustment would, through the ledger. */
export async function creditWallet(
  db: Database,
  userId: string,
  kobo: bigint,
  overrides: { now?: Date; name?: string; description?: string; service?: string; recipient?: string } = {},
): Promise<TransactionRow> {
  const row = await db.transaction((tx) =>
    postWalletMovement(tx, {
      userId,
      direction: 'credit',
      amount: kobo,
      counterpart: 'adjustments',
      idempotencyKey: `test:${randomUUID()}`,
      type: 'adjustment',
      name: overrides.name ?? 'Test credit',
      description: overrides.description ?? 'Money for a test',
      service: overrides.service ?? null,
      recipient: overrides.recipient ?? null,
      now: overrides.now ?? new Date(),
    }),
  );
  return row!;
}

/** The ledger check every money test ends with. */
export async function expectLedgerHealthy(db: Database): Promise<void> {
  expect(await checkLedger(db)).toEqual([]);
}

/**
 * How `work` reads the ledger's accounts when there are `accounts` more of them, with
 * statistics that say so and the generic plans PostgreSQL turns to after a statement's (or a
 * PL/pgSQL function's) fifth call: the plans that once scanned every account. Runs in a
 * transaction it rolls back; answers what `work` answered and its scans of `ledger_accounts`.
 */
export async function ledgerAccountScans<T>(
  db: Database,
  accounts: number,
  work: (tx: Queryable) => Promise<T>,
): Promise<{ result: T; seq: number; index: number }> {
  const rolledBack = new Error('rolled back');
  let measured: { result: T; seq: number; index: number } | undefined;
  await expect(
    db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO ledger_accounts (code, kind, allow_negative)
         SELECT 'test:' || n, 'adjustments', true FROM generate_series(1, $1::int) AS n`,
        [accounts],
      );
      await tx.query('ANALYZE ledger_accounts');
      await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
      const counters = async () =>
        (
          await tx.query<{ seq: number; index: number }>(
            `SELECT seq_scan::int AS seq, idx_scan::int AS index FROM pg_stat_xact_user_tables
             WHERE relid = 'ledger_accounts'::regclass`,
          )
        )[0]!;
      const before = await counters();
      const result = await work(tx);
      const after = await counters();
      measured = { result, seq: after.seq - before.seq, index: after.index - before.index };
      throw rolledBack;
    }),
  ).rejects.toBe(rolledBack);
  return measured!;
}

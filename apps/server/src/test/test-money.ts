import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Database } from '../db/database.js';
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

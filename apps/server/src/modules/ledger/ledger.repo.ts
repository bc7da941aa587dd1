import type { Queryable } from '../../db/database.js';

export type ProviderAccount =
  | 'funding_clearing'
  | 'gateway_clearing'
  | 'upstream_float'
  | 'revenue'
  | 'refunds'
  | 'bonuses'
  | 'adjustments'
  | 'fees';

export interface LedgerAccountRow {
  id: string;
  code: string;
  kind: string;
  user_id: string | null;
  balance: bigint;
}

/** The agent's wallet account, created on first use. */
export async function ensureWalletAccount(db: Queryable, userId: string): Promise<string> {
  await db.query(
    `INSERT INTO ledger_accounts (code, kind, user_id) VALUES ($1, 'wallet', $2) ON CONFLICT (code) DO NOTHING`,
    [`wallet:${userId}`, userId],
  );
  const rows = await db.query<{ id: string }>('SELECT id FROM ledger_accounts WHERE code = $1', [`wallet:${userId}`]);
  return rows[0]!.id;
}

export async function findProviderAccountId(db: Queryable, account: ProviderAccount): Promise<string> {
  const rows = await db.query<{ id: string }>('SELECT id FROM ledger_accounts WHERE code = $1', [
    `provider:${account}`,
  ]);
  if (!rows[0]) throw new Error(`missing provider ledger account ${account}`);
  return rows[0].id;
}

export async function findWalletBalance(db: Queryable, userId: string): Promise<bigint> {
  const rows = await db.query<{ balance: bigint }>(`SELECT balance FROM ledger_accounts WHERE code = $1`, [
    `wallet:${userId}`,
  ]);
  return rows[0]?.balance ?? 0n;
}

/** Inserts the entry unless its idempotency key exists; answers its id, or undefined on a replay. */
export async function insertEntry(
  db: Queryable,
  entry: { kind: string; idempotencyKey: string; description: string; now: Date },
): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO journal_entries (kind, idempotency_key, description, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    [entry.kind, entry.idempotencyKey, entry.description, entry.now],
  );
  return rows[0]?.id;
}

export async function findEntryIdByKey(db: Queryable, idempotencyKey: string): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>('SELECT id FROM journal_entries WHERE idempotency_key = $1', [
    idempotencyKey,
  ]);
  return rows[0]?.id;
}

/** Moves an account's balance; the CHECK constraint refuses a wallet going below zero (23514). */
export async function applyToBalance(db: Queryable, accountId: string, amount: bigint): Promise<bigint> {
  const rows = await db.query<{ balance: bigint }>(
    'UPDATE ledger_accounts SET balance = balance + $2 WHERE id = $1 RETURNING balance',
    [accountId, amount],
  );
  if (!rows[0]) throw new Error(`unknown ledger account ${accountId}`);
  return rows[0].balance;
}

export async function insertPosting(
  db: Queryable,
  posting: { entryId: string; accountId: string; amount: bigint; balanceAfter: bigint },
): Promise<void> {
  await db.query('INSERT INTO postings (entry_id, account_id, amount, balance_after) VALUES ($1, $2, $3, $4)', [
    posting.entryId,
    posting.accountId,
    posting.amount,
    posting.balanceAfter,
  ]);
}

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

/**
 * Provider accounts split into shards (migration 013), so that concurrent movements do not
 * queue on one row lock: shard 0 is `provider:<kind>`, shard n is `provider:<kind>:<n>`.
 */
export const PROVIDER_SHARDS: Readonly<Partial<Record<ProviderAccount, number>>> = { upstream_float: 16 };

/** The account code of a provider account for one movement: its shard follows the movement's key. */
export function providerAccountCode(account: ProviderAccount, movementKey: string): string {
  const shards = PROVIDER_SHARDS[account] ?? 1;
  if (shards === 1) return `provider:${account}`;
  // FNV-1a: cheap, stable, and spreads similar keys (`order:<uuid>`) evenly.
  let hash = 0x811c9dc5;
  for (let index = 0; index < movementKey.length; index++) {
    hash = Math.imul(hash ^ movementKey.charCodeAt(index), 0x01000193) >>> 0;
  }
  const shard = hash % shards;
  return shard === 0 ? `provider:${account}` : `provider:${account}:${shard}`;
}

/** A provider account's balance: the sum of its shards. */
export async function findProviderBalance(db: Queryable, account: ProviderAccount): Promise<bigint> {
  const rows = await db.query<{ balance: bigint | null }>(
    `SELECT sum(balance)::bigint AS balance FROM ledger_accounts WHERE user_id IS NULL AND kind = $1`,
    [account],
  );
  return rows[0]?.balance ?? 0n;
}

/** The agent's wallet account, created on first use. */
export async function ensureWalletAccount(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `INSERT INTO ledger_accounts (code, kind, user_id) VALUES ($1, 'wallet', $2) ON CONFLICT (code) DO NOTHING`,
    [`wallet:${userId}`, userId],
  );
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

/**
 * Moves one account's balance and records the posting with the balance after, in one
 * statement; answers undefined when no account has the code. The CHECK on wallets refuses a
 * balance below zero (23514) and the statement fails whole.
 */
export async function applyPosting(
  db: Queryable,
  posting: { entryId: string; code: string; amount: bigint },
): Promise<bigint | undefined> {
  const rows = await db.query<{ balance_after: bigint }>(
    `WITH moved AS (UPDATE ledger_accounts SET balance = balance + $3 WHERE code = $2 RETURNING id, balance)
     INSERT INTO postings (entry_id, account_id, amount, balance_after) SELECT $1, id, $3, balance FROM moved
     RETURNING balance_after`,
    [posting.entryId, posting.code, posting.amount],
  );
  return rows[0]?.balance_after;
}

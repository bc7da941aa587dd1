import type { Queryable } from '../../db/database.js';

export interface BankAccountRow {
  id: string;
  user_id: string;
  bank_code: string;
  account_number: string;
  account_name: string;
  created_at: Date;
}

// Namespace of the per-agent advisory lock that serialises adding bank accounts.
const BANK_ACCOUNTS_LOCK = 4_242_010;

/** Holds the agent's bank-account lock until the transaction ends (the limit of 5 is checked under it). */
export async function lockAgentBankAccounts(tx: Queryable, userId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [BANK_ACCOUNTS_LOCK, userId]);
}

export async function listBankAccountsOf(db: Queryable, userId: string): Promise<BankAccountRow[]> {
  return db.query<BankAccountRow>('SELECT * FROM bank_accounts WHERE user_id = $1 ORDER BY created_at DESC, id DESC', [
    userId,
  ]);
}

/** Only the owner's: another agent's record is indistinguishable from a missing one. */
export async function findBankAccountOf(
  db: Queryable,
  userId: string,
  id: string,
): Promise<BankAccountRow | undefined> {
  const rows = await db.query<BankAccountRow>('SELECT * FROM bank_accounts WHERE id = $1 AND user_id = $2', [
    id,
    userId,
  ]);
  return rows[0];
}

export async function insertBankAccount(
  db: Queryable,
  account: { userId: string; bankCode: string; accountNumber: string; accountName: string; now: Date },
): Promise<BankAccountRow> {
  const rows = await db.query<BankAccountRow>(
    `INSERT INTO bank_accounts (user_id, bank_code, account_number, account_name, created_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING *`,
    [account.userId, account.bankCode, account.accountNumber, account.accountName, account.now],
  );
  return rows[0]!;
}

/** Deletes the owner's record; false when there is none of theirs with this id. */
export async function deleteBankAccountOf(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM bank_accounts WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  return rows.length > 0;
}

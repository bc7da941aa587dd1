import type { Queryable } from '../../db/database.js';

export interface TransactionPinRow {
  user_id: string;
  pin_hash: string;
  tries: number;
  locked_until: Date | null;
  reset_code_hash: string | null;
  reset_code_expires_at: Date | null;
  reset_attempts: number;
}

const COLUMNS = 'user_id, pin_hash, tries, locked_until, reset_code_hash, reset_code_expires_at, reset_attempts';

export async function findTransactionPin(db: Queryable, userId: string): Promise<TransactionPinRow | undefined> {
  const rows = await db.query<TransactionPinRow>(`SELECT ${COLUMNS} FROM transaction_pins WHERE user_id = $1`, [
    userId,
  ]);
  return rows[0];
}

/** The first PIN; false when the agent already has one. */
export async function insertTransactionPin(
  db: Queryable,
  userId: string,
  pinHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO transaction_pins (user_id, pin_hash, created_at, updated_at) VALUES ($1, $2, $3, $3)
     ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
    [userId, pinHash, now],
  );
  return rows.length === 1;
}

/**
 * Counts one try before the PIN is checked, in one statement, so that concurrent tries are
 * counted one by one: none while paused, nor once `maxTries` are counted (wrong, or still
 * being checked). A pause that has ended starts the count again. Answers the hash and this
 * try's number, or nothing when the try is refused (or there is no PIN).
 */
export async function countPinTry(
  db: Queryable,
  userId: string,
  now: Date,
  maxTries: number,
): Promise<{ pin_hash: string; tries: number } | undefined> {
  const rows = await db.query<{ pin_hash: string; tries: number }>(
    `UPDATE transaction_pins
     SET tries = CASE WHEN locked_until <= $2 THEN 1 ELSE tries + 1 END,
         locked_until = CASE WHEN locked_until <= $2 THEN NULL ELSE locked_until END
     WHERE user_id = $1 AND (locked_until <= $2 OR (locked_until IS NULL AND tries < $3))
     RETURNING pin_hash, tries`,
    [userId, now, maxTries],
  );
  return rows[0];
}

/**
 * A wrong PIN: its try stays counted, and once `maxTries` are counted purchases pause until
 * `lockUntil` (the pause is started once). Answers the pause's end, if any.
 */
export async function recordWrongPin(
  db: Queryable,
  userId: string,
  maxTries: number,
  lockUntil: Date,
): Promise<Date | null> {
  const rows = await db.query<{ locked_until: Date | null }>(
    `UPDATE transaction_pins
     SET locked_until = CASE WHEN locked_until IS NULL AND tries >= $2 THEN $3 ELSE locked_until END
     WHERE user_id = $1
     RETURNING locked_until`,
    [userId, maxTries, lockUntil],
  );
  return rows[0]?.locked_until ?? null;
}

/** A right PIN: the wrong tries in a row start again from 0. */
export async function clearPinTries(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE transaction_pins SET tries = 0 WHERE user_id = $1 AND tries > 0', [userId]);
}

/** A new PIN (changed or reset): ends any pause and any open reset code. */
export async function replacePin(db: Queryable, userId: string, pinHash: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE transaction_pins
     SET pin_hash = $2, tries = 0, locked_until = NULL, reset_code_hash = NULL, reset_code_expires_at = NULL,
         reset_attempts = 0, updated_at = $3
     WHERE user_id = $1`,
    [userId, pinHash, now],
  );
}

/** A new reset code replaces any earlier one. False when the agent has no PIN. */
export async function storePinResetCode(
  db: Queryable,
  userId: string,
  codeHash: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE transaction_pins SET reset_code_hash = $2, reset_code_expires_at = $3, reset_attempts = 0
     WHERE user_id = $1 RETURNING user_id`,
    [userId, codeHash, expiresAt],
  );
  return rows.length === 1;
}

/** The PIN's row, locked so that concurrent reset-code tries count one by one. */
export async function lockTransactionPin(db: Queryable, userId: string): Promise<TransactionPinRow | undefined> {
  const rows = await db.query<TransactionPinRow>(
    `SELECT ${COLUMNS} FROM transaction_pins WHERE user_id = $1 FOR UPDATE`,
    [userId],
  );
  return rows[0];
}

export async function countPinResetAttempt(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE transaction_pins SET reset_attempts = reset_attempts + 1 WHERE user_id = $1', [userId]);
}

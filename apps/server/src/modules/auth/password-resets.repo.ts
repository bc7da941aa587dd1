import type { Queryable } from '../../db/database.js';

export interface PasswordResetRow {
  id: string;
  user_id: string;
  code_hash: string;
  code_expires_at: Date;
  attempts: number;
  token_expires_at: Date | null;
  used_at: Date | null;
}

export async function insertPasswordReset(
  db: Queryable,
  reset: { userId: string; codeHash: string; codeExpiresAt: Date; now: Date },
): Promise<void> {
  // A new code replaces any earlier one still open.
  await db.query('UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
    reset.userId,
    reset.now,
  ]);
  await db.query(
    `INSERT INTO password_resets (user_id, code_hash, code_expires_at, created_at) VALUES ($1, $2, $3, $4)`,
    [reset.userId, reset.codeHash, reset.codeExpiresAt, reset.now],
  );
}

/** The user's open code, locked so that concurrent tries count one by one. */
export async function lockOpenReset(db: Queryable, userId: string, now: Date): Promise<PasswordResetRow | undefined> {
  const rows = await db.query<PasswordResetRow>(
    `SELECT id, user_id, code_hash, code_expires_at, attempts, token_expires_at, used_at
     FROM password_resets
     WHERE user_id = $1 AND used_at IS NULL AND token_hash IS NULL AND code_expires_at > $2
     ORDER BY created_at DESC LIMIT 1
     FOR UPDATE`,
    [userId, now],
  );
  return rows[0];
}

export async function countAttempt(db: Queryable, resetId: string): Promise<void> {
  await db.query('UPDATE password_resets SET attempts = attempts + 1 WHERE id = $1', [resetId]);
}

export async function attachResetToken(
  db: Queryable,
  resetId: string,
  tokenHash: Buffer,
  expiresAt: Date,
): Promise<void> {
  await db.query('UPDATE password_resets SET token_hash = $2, token_expires_at = $3 WHERE id = $1', [
    resetId,
    tokenHash,
    expiresAt,
  ]);
}

/**
 * Marks a live reset token used and answers its user, or nothing when the token is unknown,
 * spent or expired. An operator's invitation (purpose 'invite') is no reset token.
 */
export async function consumeResetToken(db: Queryable, tokenHash: Buffer, now: Date): Promise<string | undefined> {
  const rows = await db.query<{ user_id: string }>(
    `UPDATE password_resets SET used_at = $2
     WHERE token_hash = $1 AND purpose = 'reset' AND used_at IS NULL AND token_expires_at > $2
     RETURNING user_id`,
    [tokenHash, now],
  );
  return rows[0]?.user_id;
}

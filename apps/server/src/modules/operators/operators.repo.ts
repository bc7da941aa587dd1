import type { OperatorRole } from '@agentdesk/contract/endpoint';
import type { Queryable } from '../../db/database.js';
import type { UserRow } from '../auth/users.repo.js';

/** An operator: a user row whose role is 'operator' (operator_role set, migration 023). */
export type OperatorRow = UserRow & { operator_role: OperatorRole };

export async function findOperator(db: Queryable, id: string): Promise<OperatorRow | undefined> {
  const rows = await db.query<OperatorRow>(`SELECT * FROM users WHERE id = $1 AND role = 'operator'`, [id]);
  return rows[0];
}

/** An operator, locked until commit. Lock the owners first (lockActiveOwners): one order for every change. */
export async function lockOperator(db: Queryable, id: string): Promise<OperatorRow | undefined> {
  const rows = await db.query<OperatorRow>(`SELECT * FROM users WHERE id = $1 AND role = 'operator' FOR UPDATE`, [id]);
  return rows[0];
}

/**
 * The owners who can sign in (a password set, not deactivated), locked until commit in id
 * order: two owners demoting or deactivating each other at once take turns, and the second
 * sees the first's change, so the last one is never lost.
 */
export async function lockActiveOwners(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM users
     WHERE role = 'operator' AND operator_role = 'owner' AND deactivated_at IS NULL AND password_hash IS NOT NULL
     ORDER BY id FOR UPDATE`,
  );
  return rows.map((row) => row.id);
}

export async function anyOperatorExists(db: Queryable, exceptId?: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM users WHERE role = 'operator' AND ($1::uuid IS NULL OR id <> $1) LIMIT 1`,
    [exceptId ?? null],
  );
  return rows.length > 0;
}

export async function setOperatorRole(db: Queryable, id: string, role: OperatorRole, now: Date): Promise<OperatorRow> {
  const rows = await db.query<OperatorRow>(
    `UPDATE users SET operator_role = $2, updated_at = $3 WHERE id = $1 AND role = 'operator' RETURNING *`,
    [id, role, now],
  );
  return rows[0]!;
}

export async function markDeactivated(db: Queryable, id: string, now: Date): Promise<OperatorRow> {
  const rows = await db.query<OperatorRow>(
    `UPDATE users SET deactivated_at = $2, updated_at = $2 WHERE id = $1 AND role = 'operator' RETURNING *`,
    [id, now],
  );
  return rows[0]!;
}

export async function operatorCursorExists(db: Queryable, cursor: string): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM users WHERE id = $1 AND role = 'operator'`, [cursor])).length > 0;
}

/** Operators oldest first (limit + 1 rows), on users_operators_idx's order. */
export async function listOperatorRows(
  db: Queryable,
  page: { cursor?: string | undefined; limit: number },
): Promise<OperatorRow[]> {
  return db.query<OperatorRow>(
    `SELECT * FROM users u
     WHERE u.role = 'operator'
       AND ($1::uuid IS NULL OR (u.created_at, u.id) > (SELECT c.created_at, c.id FROM users c WHERE c.id = $1))
     ORDER BY u.created_at, u.id
     LIMIT $2`,
    [page.cursor ?? null, page.limit + 1],
  );
}

/** An invitation: a reset row of purpose 'invite' holding the SHA-256 of its token. */
export async function insertInvite(
  db: Queryable,
  invite: { userId: string; tokenHash: Buffer; expiresAt: Date; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO password_resets (user_id, purpose, token_hash, token_expires_at, created_at)
     VALUES ($1, 'invite', $2, $3, $4)`,
    [invite.userId, invite.tokenHash, invite.expiresAt, invite.now],
  );
}

/** Spends a live invitation's token (once) and answers its operator; nothing when unknown, spent or expired. */
export async function consumeInvite(db: Queryable, tokenHash: Buffer, now: Date): Promise<string | undefined> {
  const rows = await db.query<{ user_id: string }>(
    `UPDATE password_resets SET used_at = $2
     WHERE token_hash = $1 AND purpose = 'invite' AND used_at IS NULL AND token_expires_at > $2
     RETURNING user_id`,
    [tokenHash, now],
  );
  return rows[0]?.user_id;
}

/** Ends an operator's open invitations (they were deactivated). */
export async function cancelInvites(db: Queryable, userId: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND purpose = 'invite' AND used_at IS NULL`,
    [userId, now],
  );
}

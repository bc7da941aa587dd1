import type { Queryable } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { UserRow } from './users.repo.js';

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
}

export async function insertSession(
  db: Queryable,
  session: {
    userId: string;
    tokenHash: Buffer;
    now: Date;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
  },
): Promise<SessionRow> {
  const rows = await db.query<SessionRow>(
    `INSERT INTO sessions (user_id, token_hash, created_at, last_used_at, expires_at, user_agent, ip)
     VALUES ($1, $2, $3, $3, $4, $5, $6)
     RETURNING id, user_id, created_at, last_used_at, expires_at`,
    [session.userId, session.tokenHash, session.now, session.expiresAt, session.userAgent, session.ip],
  );
  return rows[0]!;
}

// Every signed-in request runs it.
const FIND_LIVE_SESSION = prepared(
  `SELECT s.id, s.user_id, s.created_at, s.last_used_at, s.expires_at, to_jsonb(u.*) AS user
   FROM sessions s JOIN users u ON u.id = s.user_id
   WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND s.last_used_at > $3
     AND u.deactivated_at IS NULL AND u.suspended_at IS NULL`,
);

/** The live session for a token hash with its user: not revoked, not past either expiry. */
export async function findLiveSession(
  db: Queryable,
  tokenHash: Buffer,
  now: Date,
  idleSince: Date,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const rows = await db.query<SessionRow & { user: UserRow }>(FIND_LIVE_SESSION, [tokenHash, now, idleSince]);
  const row = rows[0];
  if (!row) return undefined;
  const { user, ...session } = row;
  return {
    session,
    user: {
      ...user,
      created_at: new Date(user.created_at),
      updated_at: new Date(user.updated_at),
      deactivated_at: user.deactivated_at ? new Date(user.deactivated_at) : null,
      suspended_at: null,
    },
  };
}

export async function touchSession(db: Queryable, sessionId: string, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET last_used_at = $2 WHERE id = $1 AND last_used_at < $2', [sessionId, now]);
}

export async function revokeSession(db: Queryable, sessionId: string, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [sessionId, now]);
}

/** Revokes every live session of a user, except one when given. */
export async function revokeUserSessions(db: Queryable, userId: string, now: Date, exceptId?: string): Promise<number> {
  const rows = await db.query(
    `UPDATE sessions SET revoked_at = $2
     WHERE user_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3)
     RETURNING id`,
    [userId, now, exceptId ?? null],
  );
  return rows.length;
}

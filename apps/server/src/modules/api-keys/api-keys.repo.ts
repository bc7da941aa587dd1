import type { Queryable } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { UserRow } from '../auth/users.repo.js';

export interface ApiKeyRow {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  allowed_ips: string[];
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = 'id, user_id, name, prefix, allowed_ips, created_at, last_used_at, revoked_at';

/** At most this many rows are listed: every active key, and the latest revoked ones. */
const LIST_LIMIT = 100;

/**
 * Locks the agent's user row until the transaction ends: creating keys is serialised per
 * agent, so two requests at once cannot both pass the limit of active keys.
 */
export async function lockKeyOwner(tx: Queryable, userId: string): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

export async function countKeysOf(db: Queryable, userId: string): Promise<{ active: number; total: number }> {
  const rows = await db.query<{ active: number; total: number }>(
    `SELECT count(*) FILTER (WHERE revoked_at IS NULL)::int AS active, count(*)::int AS total
     FROM api_keys WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ?? { active: 0, total: 0 };
}

export async function insertApiKey(
  db: Queryable,
  key: { userId: string; name: string; keyHash: Buffer; prefix: string; now: Date },
): Promise<ApiKeyRow> {
  const rows = await db.query<ApiKeyRow>(
    `INSERT INTO api_keys (user_id, name, key_hash, prefix, created_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [key.userId, key.name, key.keyHash, key.prefix, key.now],
  );
  return rows[0]!;
}

/** Active keys first, then the most recently revoked; newest first within each. */
export async function listKeysOf(db: Queryable, userId: string): Promise<ApiKeyRow[]> {
  return db.query<ApiKeyRow>(
    `SELECT ${COLUMNS} FROM api_keys WHERE user_id = $1
     ORDER BY (revoked_at IS NULL) DESC, created_at DESC, id DESC LIMIT ${LIST_LIMIT}`,
    [userId],
  );
}

/** Only the owner's: another agent's key is indistinguishable from a missing one. */
export async function findKeyOf(db: Queryable, userId: string, id: string): Promise<ApiKeyRow | undefined> {
  const rows = await db.query<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE id = $1 AND user_id = $2`, [
    id,
    userId,
  ]);
  return rows[0];
}

/** Renames and/or sets the allow-list of the owner's active key; undefined when there is no such active key. */
export async function updateActiveKeyOf(
  db: Queryable,
  userId: string,
  id: string,
  changes: { name?: string | undefined; allowedIps?: string[] | undefined },
): Promise<ApiKeyRow | undefined> {
  const rows = await db.query<ApiKeyRow>(
    `UPDATE api_keys SET name = COALESCE($3, name), allowed_ips = COALESCE($4::jsonb, allowed_ips)
     WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING ${COLUMNS}`,
    [id, userId, changes.name ?? null, changes.allowedIps ? JSON.stringify(changes.allowedIps) : null],
  );
  return rows[0];
}

/** Revokes the owner's key if it is active; undefined when it was not (missing, another's, or already revoked). */
export async function revokeKeyOf(
  db: Queryable,
  userId: string,
  id: string,
  now: Date,
): Promise<ApiKeyRow | undefined> {
  const rows = await db.query<ApiKeyRow>(
    `UPDATE api_keys SET revoked_at = $3 WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL
     RETURNING ${COLUMNS}`,
    [id, userId, now],
  );
  return rows[0];
}

// Every call of the reseller API runs it.
const FIND_KEY_BY_HASH = prepared(
  `SELECT ${COLUMNS.split(', ')
    .map((column) => `k.${column}`)
    .join(', ')}, to_jsonb(u.*) AS user
   FROM api_keys k JOIN users u ON u.id = k.user_id
   WHERE k.key_hash = $1`,
);

/** The key with this hash and its owner, revoked or not. */
export async function findKeyByHash(
  db: Queryable,
  keyHash: Buffer,
): Promise<{ key: ApiKeyRow; user: UserRow } | undefined> {
  const rows = await db.query<ApiKeyRow & { user: UserRow }>(FIND_KEY_BY_HASH, [keyHash]);
  const row = rows[0];
  if (!row) return undefined;
  const { user, ...key } = row;
  return {
    key,
    user: {
      ...user,
      created_at: new Date(user.created_at),
      updated_at: new Date(user.updated_at),
      suspended_at: user.suspended_at ? new Date(user.suspended_at) : null,
    },
  };
}

/** Records a use; the caller writes at most once a minute per key, so calls are not each a write. */
export async function touchKey(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query(
    'UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2)',
    [id, now],
  );
}

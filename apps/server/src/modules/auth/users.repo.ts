import type { OperatorRole } from '@agentdesk/contract/endpoint';
import type { Queryable } from '../../db/database.js';

export type Role = 'agent' | 'operator';

export interface UserRow {
  id: string;
  role: Role;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  phone: string;
  /** Null for an invited operator until they set their password. */
  password_hash: string | null;
  referral_code: string;
  referred_by: string | null;
  /** An operator's role (migration 023); null for agents. */
  operator_role: OperatorRole | null;
  deactivated_at: Date | null;
  /** A suspended agent (migration 024): no sign-in, session, API key or purchase. */
  suspended_at: Date | null;
  suspension_reason: string | null;
  /** The agent's price level (migration 030, docs/decisions/038); null for operators. */
  price_level_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface NewUser {
  role: Role;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string;
  passwordHash: string | null;
  referralCode: string;
  referredBy: string | null;
  /** Required for an operator, absent for an agent. */
  operatorRole?: OperatorRole | undefined;
  now: Date;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const rows = await db.query<UserRow>(
    `INSERT INTO users (role, first_name, last_name, username, email, phone, password_hash, referral_code, referred_by, operator_role, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $11, $10, $10)
     RETURNING *`,
    [
      user.role,
      user.firstName,
      user.lastName,
      user.username,
      user.email,
      user.phone,
      user.passwordHash,
      user.referralCode,
      user.referredBy,
      user.now,
      user.operatorRole ?? null,
    ],
  );
  return rows[0]!;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0];
}

/** Finds by email, username or phone (each already normalised by the caller). */
export async function findUserByIdentifier(
  db: Queryable,
  keys: { email?: string; username?: string; phone?: string },
): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(
    `SELECT * FROM users
     WHERE ($1::text IS NOT NULL AND email = $1)
        OR ($2::text IS NOT NULL AND username = $2)
        OR ($3::text IS NOT NULL AND phone = $3)
     LIMIT 1`,
    [keys.email ?? null, keys.username ?? null, keys.phone ?? null],
  );
  return rows[0];
}

export async function findUserIdByReferralCode(db: Queryable, code: string): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>('SELECT id FROM users WHERE referral_code = $1', [code]);
  return rows[0]?.id;
}

/** Which of the unique fields are already taken by someone. */
export async function findTakenFields(
  db: Queryable,
  fields: { username: string; email: string; phone: string },
): Promise<Array<'username' | 'email' | 'phone'>> {
  const rows = await db.query<{ username: boolean; email: boolean; phone: boolean }>(
    `SELECT bool_or(username = $1) AS username, bool_or(email = $2) AS email, bool_or(phone = $3) AS phone
     FROM users WHERE username = $1 OR email = $2 OR phone = $3`,
    [fields.username, fields.email, fields.phone],
  );
  const row = rows[0];
  if (!row) return [];
  return (['email', 'username', 'phone'] as const).filter((field) => row[field] === true);
}

export async function updatePasswordHash(
  db: Queryable,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [userId, passwordHash, now]);
}

import type { Queryable } from '../../db/database.js';

export interface KycRow {
  user_id: string;
  id_type: 'bvn' | 'nin';
  id_ciphertext: string;
  id_masked: string;
  first_name: string;
  last_name: string;
  status: 'submitted' | 'verified' | 'failed';
  failure_message: string | null;
  submitted_at: Date;
  updated_at: Date;
  verified_at: Date | null;
}

export async function findKyc(db: Queryable, userId: string): Promise<KycRow | undefined> {
  const rows = await db.query<KycRow>('SELECT * FROM agent_kyc WHERE user_id = $1', [userId]);
  return rows[0];
}

export async function lockKyc(db: Queryable, userId: string): Promise<KycRow | undefined> {
  const rows = await db.query<KycRow>('SELECT * FROM agent_kyc WHERE user_id = $1 FOR UPDATE', [userId]);
  return rows[0];
}

/** A submit in flight: the id (encrypted, masked) and names the gateways are being asked with. */
export async function upsertSubmittedKyc(
  db: Queryable,
  row: {
    userId: string;
    idType: 'bvn' | 'nin';
    ciphertext: string;
    masked: string;
    firstName: string;
    lastName: string;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO agent_kyc (user_id, id_type, id_ciphertext, id_masked, first_name, last_name, status, submitted_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'submitted', $7, $7)
     ON CONFLICT (user_id) DO UPDATE SET id_type = EXCLUDED.id_type, id_ciphertext = EXCLUDED.id_ciphertext,
       id_masked = EXCLUDED.id_masked, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
       status = 'submitted', failure_message = NULL, submitted_at = EXCLUDED.submitted_at, updated_at = EXCLUDED.updated_at`,
    [row.userId, row.idType, row.ciphertext, row.masked, row.firstName, row.lastName, row.now],
  );
}

export async function finishKyc(
  db: Queryable,
  userId: string,
  outcome: { status: 'verified' | 'failed'; failureMessage: string | null; now: Date },
): Promise<void> {
  await db.query(
    `UPDATE agent_kyc SET status = $2, failure_message = $3, updated_at = $4,
       verified_at = CASE WHEN $2 = 'verified' THEN COALESCE(verified_at, $4) ELSE verified_at END
     WHERE user_id = $1`,
    [userId, outcome.status, outcome.failureMessage, outcome.now],
  );
}

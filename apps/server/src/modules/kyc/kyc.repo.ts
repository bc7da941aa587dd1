import type { Queryable } from '../../db/database.js';

export interface KycRow {
  user_id: string;
  id_type: 'bvn' | 'nin';
  id_ciphertext: string;
  id_masked: string;
  first_name: string;
  last_name: string;
  status: 'submitted' | 'pending' | 'verified' | 'failed';
  failure_message: string | null;
  submitted_at: Date;
  updated_at: Date;
  verified_at: Date | null;
  paystack_customer_code: string | null;
  paystack_identification: 'pending' | 'verified' | 'failed' | null;
  paystack_failure: string | null;
  paystack_updated_at: Date | null;
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
       status = 'submitted', failure_message = NULL,
       paystack_identification = NULL, paystack_failure = NULL, submitted_at = EXCLUDED.submitted_at, updated_at = EXCLUDED.updated_at`,
    [row.userId, row.idType, row.ciphertext, row.masked, row.firstName, row.lastName, row.now],
  );
}

export async function finishKyc(
  db: Queryable,
  userId: string,
  outcome: { status: 'pending' | 'verified' | 'failed'; failureMessage: string | null; now: Date },
): Promise<void> {
  await db.query(
    `UPDATE agent_kyc SET status = $2, failure_message = $3, updated_at = $4,
       verified_at = CASE WHEN $2 = 'verified' THEN COALESCE(verified_at, $4) ELSE verified_at END
     WHERE user_id = $1`,
    [userId, outcome.status, outcome.failureMessage, outcome.now],
  );
}

/** The agent a Paystack webhook names: by the customer code recorded, else by the customer's email. */
export async function lockKycOfPaystackCustomer(
  db: Queryable,
  customerCode: string,
  email: string,
): Promise<KycRow | undefined> {
  const rows = await db.query<KycRow>(
    `SELECT k.* FROM agent_kyc k
     WHERE k.paystack_customer_code = $1
        OR (k.paystack_customer_code IS NULL AND $2 <> ''
            AND k.user_id = (SELECT u.id FROM users u WHERE u.email = lower($2) AND u.role = 'agent'))
     ORDER BY (k.paystack_customer_code = $1) DESC NULLS LAST
     LIMIT 1
     FOR UPDATE`,
    [customerCode, email],
  );
  return rows[0];
}

/** What Paystack's customer identification said (or that it was asked), with the customer code. */
export async function recordPaystackIdentification(
  db: Queryable,
  userId: string,
  outcome: { state: 'pending' | 'verified' | 'failed'; customerCode: string; failure: string | null; now: Date },
): Promise<void> {
  await db.query(
    `UPDATE agent_kyc SET paystack_identification = $2, paystack_customer_code = $3, paystack_failure = $4,
       paystack_updated_at = $5
     WHERE user_id = $1`,
    [userId, outcome.state, outcome.customerCode, outcome.failure, outcome.now],
  );
}

import type { Queryable } from '../../db/database.js';

export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'development';

export interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  body_text: string | null;
  status: OutboxStatus;
  attempts: number;
  created_at: Date;
}

export async function insertEmail(
  db: Queryable,
  email: { to: string; subject: string; text: string; status: OutboxStatus; now: Date },
): Promise<OutboxRow> {
  const rows = await db.query<OutboxRow>(
    `INSERT INTO email_outbox (to_address, subject, body_text, status, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
    [email.to, email.subject, email.text, email.status, email.now],
  );
  return rows[0]!;
}

export async function listEmails(db: Queryable, options: { limit: number; to?: string }): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    `SELECT * FROM email_outbox WHERE ($2::text IS NULL OR to_address = $2) ORDER BY created_at DESC, id DESC LIMIT $1`,
    [options.limit, options.to ?? null],
  );
}

/** Pending emails, locked for this deliverer; other instances skip them. */
export async function claimPending(db: Queryable, limit: number): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    `SELECT * FROM email_outbox WHERE status = 'pending' ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [limit],
  );
}

/** A delivered email keeps no text: it may hold a one-time code. */
export async function markSent(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE email_outbox SET status = 'sent', body_text = NULL, sent_at = $2, attempts = attempts + 1 WHERE id = $1`,
    [id, now],
  );
}

export async function markAttemptFailed(db: Queryable, id: string, error: string, giveUp: boolean): Promise<void> {
  await db.query(
    `UPDATE email_outbox SET attempts = attempts + 1, last_error = $2,
       status = CASE WHEN $3 THEN 'failed' ELSE status END,
       body_text = CASE WHEN $3 THEN NULL ELSE body_text END
     WHERE id = $1`,
    [id, error.slice(0, 500), giveUp],
  );
}

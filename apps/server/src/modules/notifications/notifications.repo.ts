import type { Queryable } from '../../db/database.js';

export type NotificationKind = 'broadcast' | 'funding' | 'refund' | 'purchase' | 'account';

export interface NewNotification {
  /** null: a broadcast to every agent. */
  userId: string | null;
  kind: NotificationKind;
  title: string;
  body: string;
  createdBy?: string | null;
  now: Date;
}

/** Writes a notification in the caller's transaction, so it exists exactly when the event it reports does. */
export async function insertNotification(db: Queryable, note: NewNotification): Promise<{ id: string }> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO notifications (user_id, kind, title, body, created_at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [note.userId, note.kind, note.title, note.body, note.now, note.createdBy ?? null],
  );
  return rows[0]!;
}

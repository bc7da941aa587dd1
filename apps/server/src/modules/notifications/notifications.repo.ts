import type { Queryable } from '../../db/database.js';

export type NotificationKind = 'broadcast' | 'funding' | 'refund' | 'purchase' | 'account' | 'referral' | 'prices';

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

/**
 * One notice of changed prices to every agent of a level, in the caller's transaction (the one
 * that changed the prices: decision 041), in one statement whatever the number of agents.
 */
export async function insertPriceChangeNotices(
  db: Queryable,
  notice: { levelId: string; title: string; body: string; now: Date },
): Promise<number> {
  const rows = await db.query(
    `INSERT INTO notifications (user_id, kind, title, body, created_at)
     SELECT u.id, 'prices', $2, $3, $4 FROM users u WHERE u.role = 'agent' AND u.price_level_id = $1
     RETURNING 1`,
    [notice.levelId, notice.title, notice.body, notice.now],
  );
  return rows.length;
}

export interface NotificationRow {
  id: string;
  user_id: string | null;
  kind: NotificationKind;
  title: string;
  body: string;
  created_at: Date;
  /** created_at to the microsecond, in UTC (`2026-01-31T09:15:00.123456Z`): the keyset of a cursor. */
  created_at_key: string;
  read: boolean;
}

/** Where a page starts: strictly after this row in newest-first order. */
export interface NotificationKey {
  createdAt: string;
  id: string;
}

const COLUMNS = `n.id, n.user_id, n.kind, n.title, n.body, n.created_at,
  to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at_key`;

/**
 * One page of what an agent sees (their own and every broadcast), newest first, after
 * `after`. Each branch walks its own index in order (notifications_user_created_idx and
 * the partial notifications_broadcast_created_idx) and stops at `limit`, so a page costs
 * the same on the first page and the thousandth.
 */
export async function listVisibleNotifications(
  db: Queryable,
  userId: string,
  options: { after?: NotificationKey | undefined; limit: number },
): Promise<NotificationRow[]> {
  // Two statements rather than "$2 IS NULL OR ...", so the row comparison is always an index bound.
  const keyset = options.after ? 'AND (created_at, id) < ($3::timestamptz, $4::uuid)' : '';
  const params = options.after
    ? [userId, options.limit, options.after.createdAt, options.after.id]
    : [userId, options.limit];
  return db.query<NotificationRow>(
    `SELECT ${COLUMNS}, (r.notification_id IS NOT NULL) AS read
     FROM (
       (SELECT * FROM notifications WHERE user_id = $1 ${keyset} ORDER BY created_at DESC, id DESC LIMIT $2)
       UNION ALL
       (SELECT * FROM notifications WHERE user_id IS NULL ${keyset} ORDER BY created_at DESC, id DESC LIMIT $2)
     ) n
     LEFT JOIN notification_reads r ON r.user_id = $1 AND r.notification_id = n.id
     ORDER BY n.created_at DESC, n.id DESC
     LIMIT $2`,
    params,
  );
}

/** A notification the agent may see (their own or a broadcast), with whether they read it. */
export async function findVisibleNotification(
  db: Queryable,
  userId: string,
  id: string,
): Promise<NotificationRow | undefined> {
  const rows = await db.query<NotificationRow>(
    `SELECT ${COLUMNS}, (r.notification_id IS NOT NULL) AS read
     FROM notifications n
     LEFT JOIN notification_reads r ON r.user_id = $1 AND r.notification_id = n.id
     WHERE n.id = $2 AND (n.user_id = $1 OR n.user_id IS NULL)`,
    [userId, id],
  );
  return rows[0];
}

/** Records that the agent read one notification; reading twice keeps the first time. */
export async function insertRead(db: Queryable, userId: string, notificationId: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO notification_reads (notification_id, user_id, read_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, notification_id) DO NOTHING`,
    [notificationId, userId, now],
  );
}

/** Marks every notification the agent can see and has not read; answers how many. */
export async function insertAllReads(db: Queryable, userId: string, now: Date): Promise<number> {
  const rows = await db.query(
    `INSERT INTO notification_reads (notification_id, user_id, read_at)
     SELECT n.id, $1, $2 FROM notifications n
     WHERE (n.user_id = $1 OR n.user_id IS NULL)
       AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.user_id = $1 AND r.notification_id = n.id)
     ON CONFLICT (user_id, notification_id) DO NOTHING
     RETURNING notification_id`,
    [userId, now],
  );
  return rows.length;
}

export async function countUnread(db: Queryable, userId: string): Promise<number> {
  const rows = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM notifications n
     WHERE (n.user_id = $1 OR n.user_id IS NULL)
       AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.user_id = $1 AND r.notification_id = n.id)`,
    [userId],
  );
  return rows[0]?.count ?? 0;
}

export interface BroadcastRow {
  id: string;
  title: string;
  body: string;
  created_at: Date;
  created_at_key: string;
  created_by_username: string | null;
  read_count: number;
}

/** Broadcasts for operators, newest first, after `after`, on the partial broadcast index. */
export async function listBroadcastRows(
  db: Queryable,
  options: { after?: NotificationKey | undefined; limit: number },
): Promise<BroadcastRow[]> {
  const keyset = options.after ? 'AND (n.created_at, n.id) < ($2::timestamptz, $3::uuid)' : '';
  const params = options.after ? [options.limit, options.after.createdAt, options.after.id] : [options.limit];
  return db.query<BroadcastRow>(
    `SELECT ${COLUMNS}, u.username AS created_by_username,
       (SELECT count(*)::int FROM notification_reads r WHERE r.notification_id = n.id) AS read_count
     FROM notifications n
     LEFT JOIN users u ON u.id = n.created_by
     WHERE n.user_id IS NULL ${keyset}
     ORDER BY n.created_at DESC, n.id DESC
     LIMIT $1`,
    params,
  );
}

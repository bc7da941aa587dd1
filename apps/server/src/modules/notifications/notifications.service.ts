import type { TNotification } from '@agentdesk/contract/notifications/notification';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import {
  countUnread,
  findVisibleNotification,
  insertAllReads,
  insertNotification,
  insertRead,
  listBroadcastRows,
  listVisibleNotifications,
  type NotificationKey,
  type NotificationRow,
} from './notifications.repo.js';

function toView(row: NotificationRow): TNotification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    createdAt: row.created_at.toISOString(),
    read: row.read,
  };
}

const KEY_PATTERN =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.(\d{6})Z\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** An opaque cursor: the last row's exact time and id. */
export function encodeCursor(row: Pick<NotificationRow, 'created_at_key' | 'id'>): string {
  return Buffer.from(`${row.created_at_key}|${row.id}`, 'utf8').toString('base64url');
}

/** The key a cursor carries; a cursor we did not issue is a 422 naming `cursor`, never a database error. */
export function decodeCursor(cursor: string): NotificationKey {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = KEY_PATTERN.exec(text);
  // The date must also exist on the calendar (no 31 February): it survives a round trip.
  const seconds = match?.[1];
  const valid = seconds !== undefined && new Date(`${seconds}Z`).toISOString().slice(0, 19) === seconds;
  if (!match || !valid) {
    throw new AppError('VALIDATION_FAILED', 'cursor: This cursor is not valid; start again from the first page', [
      { path: 'cursor', message: 'This cursor is not valid; start again from the first page' },
    ]);
  }
  return { createdAt: `${seconds}.${match[2]}Z`, id: match[3]! };
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'No such notification');
}

export function createNotificationsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  return {
    /** A page, newest first; `nextCursor` is null on the last page. */
    async list(userId: string, page: { cursor?: string | undefined; limit: number }) {
      const after = page.cursor ? decodeCursor(page.cursor) : undefined;
      const rows = await listVisibleNotifications(db, userId, { after, limit: page.limit + 1 });
      const shown = rows.slice(0, page.limit);
      const last = shown[shown.length - 1];
      return { items: shown.map(toView), nextCursor: rows.length > page.limit && last ? encodeCursor(last) : null };
    },

    async unreadCount(userId: string): Promise<number> {
      return countUnread(db, userId);
    },

    /** Another agent's notification answers 404, as a missing one does. */
    async markRead(userId: string, id: string): Promise<TNotification> {
      const row = await findVisibleNotification(db, userId, id);
      if (!row) throw notFound();
      if (!row.read) await insertRead(db, userId, id, clock.now());
      return toView({ ...row, read: true });
    },

    async markAllRead(userId: string): Promise<number> {
      return db.transaction((tx) => insertAllReads(tx, userId, clock.now()));
    },

    /** Broadcasts for operators, newest first, with how many agents read each. */
    async listBroadcasts(page: { cursor?: string | undefined; limit: number }) {
      const after = page.cursor ? decodeCursor(page.cursor) : undefined;
      const rows = await listBroadcastRows(db, { after, limit: page.limit + 1 });
      const shown = rows.slice(0, page.limit);
      const last = shown[shown.length - 1];
      return {
        items: shown.map((row) => ({
          id: row.id,
          title: row.title,
          body: row.body,
          createdAt: row.created_at.toISOString(),
          createdBy: row.created_by_username,
          readCount: row.read_count,
        })),
        nextCursor: rows.length > page.limit && last ? encodeCursor(last) : null,
      };
    },

    /** An operator's message to every agent. */
    async broadcast(actor: AuditActor, note: { title: string; body: string }) {
      const now = clock.now();
      const { id } = await db.transaction(async (tx) => {
        const inserted = await insertNotification(tx, {
          userId: null,
          kind: 'broadcast',
          title: note.title,
          body: note.body,
          createdBy: actor.operatorId,
          now,
        });
        await recordAudit(
          tx,
          actor,
          {
            action: 'notification.broadcast',
            target: { type: 'notification', id: inserted.id },
            after: { title: note.title, body: note.body },
          },
          now,
        );
        return inserted;
      });
      return { id, kind: 'broadcast' as const, title: note.title, body: note.body, createdAt: now.toISOString() };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

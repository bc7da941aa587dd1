import type { FastifyInstance } from 'fastify';
import { listNotifications } from '@agentdesk/contract/notifications/list-notifications';
import { markAllNotificationsRead, markNotificationRead } from '@agentdesk/contract/notifications/mark-read';
import { unreadNotificationCount } from '@agentdesk/contract/notifications/unread-count';
import { mountEndpoint } from '../../http/route.js';
import type { NotificationsService } from './notifications.service.js';

export function registerNotificationRoutes(app: FastifyInstance, deps: { notifications: NotificationsService }): void {
  const { notifications } = deps;

  mountEndpoint(app, listNotifications, {}, async ({ auth, query }) => {
    const page = await notifications.list(auth.user.id, query);
    return { message: 'OK', data: page.items, meta: { nextCursor: page.nextCursor } };
  });

  mountEndpoint(app, unreadNotificationCount, {}, async ({ auth }) => ({
    message: 'OK',
    data: { count: await notifications.unreadCount(auth.user.id) },
  }));

  mountEndpoint(app, markAllNotificationsRead, {}, async ({ auth }) => ({
    message: 'All notifications marked read',
    data: { marked: await notifications.markAllRead(auth.user.id) },
  }));

  mountEndpoint(app, markNotificationRead, {}, async ({ auth, params }) => ({
    message: 'Notification marked read',
    data: await notifications.markRead(auth.user.id, params.id!),
  }));
}

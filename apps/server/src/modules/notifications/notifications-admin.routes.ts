import type { FastifyInstance } from 'fastify';
import { createBroadcast, listBroadcasts } from '@agentdesk/contract/admin/notifications';
import { mountEndpoint } from '../../http/route.js';
import type { NotificationsService } from './notifications.service.js';

/** Broadcasts: operators post a notice to every agent, and see how many read each. */
export function registerNotificationsAdminRoutes(
  app: FastifyInstance,
  deps: { notifications: NotificationsService },
): void {
  const { notifications } = deps;

  mountEndpoint(app, createBroadcast, {}, async ({ actor, body }) => ({
    message: 'Notification sent to every agent',
    data: await notifications.broadcast(actor, body),
  }));

  mountEndpoint(app, listBroadcasts, {}, async ({ query }) => {
    const page = await notifications.listBroadcasts(query);
    return { message: 'OK', data: page.items, meta: { nextCursor: page.nextCursor } };
  });
}

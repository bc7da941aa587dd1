import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZNotification } from './notification.js';
import { zText } from '../text.js';

export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 100;

export const ZListNotificationsQuery = z.strictObject({
  /** `meta.nextCursor` of the previous page; absent for the first page. */
  cursor: zText('cursor').trim().min(1, 'cursor must not be empty').max(200, 'cursor is not valid').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(NOTIFICATIONS_PAGE_MAX, `limit must be at most ${NOTIFICATIONS_PAGE_MAX}`)
    .default(NOTIFICATIONS_PAGE_DEFAULT),
});

/** Newest first; pages by keyset, so rows arriving meanwhile never shift a page. */
export const listNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/notify',
  auth: 'agent',
  tags: ['Notifications'],
  summary: "The agent's notifications and every broadcast, newest first, by cursor",
  query: ZListNotificationsQuery,
  paginated: true,
  data: z.array(ZNotification),
});

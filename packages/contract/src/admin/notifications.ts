import { z } from 'zod';
import { defineEndpoint, EVERY_OPERATOR, OWNER_ONLY } from '../endpoint.js';
import { ZListNotificationsQuery } from '../notifications/list-notifications.js';
import { ZNotificationBody, ZNotificationTitle } from '../notifications/notification.js';

export const ZBroadcastRequest = z.strictObject({ title: ZNotificationTitle, body: ZNotificationBody });
export type TBroadcastRequest = z.input<typeof ZBroadcastRequest>;

export const createBroadcast = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/notifications',
  auth: 'operator',
  roles: OWNER_ONLY,
  status: 201,
  tags: ['Operator'],
  summary: 'Post a notification to every agent',
  body: ZBroadcastRequest,
  data: z.object({
    id: z.string(),
    kind: z.literal('broadcast'),
    title: z.string(),
    body: z.string(),
    createdAt: z.string(),
  }),
});

export const ZBroadcast = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** Username of the operator who posted it; null when posted by the system or the operator is gone. */
  createdBy: z.string().nullable(),
  /** How many agents have read it. */
  readCount: z.number().int(),
});
export type TBroadcast = z.infer<typeof ZBroadcast>;

export const listBroadcasts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/notifications',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'Broadcasts, newest first, by cursor, with how many agents read each',
  query: ZListNotificationsQuery,
  paginated: true,
  data: z.array(ZBroadcast),
});

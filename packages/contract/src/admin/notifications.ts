import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZNotificationBody, ZNotificationTitle } from '../notifications/notification.js';

export const ZBroadcastRequest = z.strictObject({ title: ZNotificationTitle, body: ZNotificationBody });
export type TBroadcastRequest = z.input<typeof ZBroadcastRequest>;

export const createBroadcast = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/notifications',
  auth: 'operator',
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

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZIdParams } from '../envelope.js';
import { ZNotification } from './notification.js';

export const markNotificationRead = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/notify/:id/read',
  auth: 'agent',
  tags: ['Notifications'],
  summary: 'Mark one notification read (idempotent)',
  params: ZIdParams,
  data: ZNotification,
});

export const markAllNotificationsRead = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/notify/read-all',
  auth: 'agent',
  tags: ['Notifications'],
  summary: 'Mark every notification read',
  data: z.object({ marked: z.number().int() }),
});

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

export const unreadNotificationCount = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/notify/unread-count',
  auth: 'agent',
  tags: ['Notifications'],
  summary: 'How many notifications the agent has not read',
  data: z.object({ count: z.number().int() }),
});

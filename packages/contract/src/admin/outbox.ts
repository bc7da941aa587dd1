import { z } from 'zod';
import { defineEndpoint, OWNER_ONLY } from '../endpoint.js';
import { zText } from '../text.js';

export const ZOutboxEmail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string().nullable(),
  status: z.enum(['pending', 'sent', 'failed', 'development']),
  createdAt: z.string(),
});
export type TOutboxEmail = z.infer<typeof ZOutboxEmail>;

export const listOutbox = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/outbox',
  auth: 'operator',
  roles: OWNER_ONLY,
  tags: ['Operator'],
  summary: 'Latest emails, newest first (the development outbox keeps their text)',
  query: z.strictObject({
    limit: z.coerce.number().int().min(1).max(100).default(10),
    to: zText('to').trim().toLowerCase().optional(),
  }),
  data: z.array(ZOutboxEmail),
});

import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

export const health = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  auth: 'public',
  tags: ['System'],
  summary: 'Liveness and database reachability',
  data: z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ reachable: z.boolean(), kind: z.enum(['pglite', 'postgres']) }),
    version: z.string(),
  }),
});

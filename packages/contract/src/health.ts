import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

export const health = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  auth: 'public',
  tags: ['System'],
  summary: 'Readiness: database reachability, and the catalogue loaded',
  data: z.object({
    /**
     * 'ok' (200); 'starting' (503): no full catalogue sync has completed yet, so the catalogue
     * may be missing or partial; 'degraded' (503): the database is unreachable.
     */
    status: z.enum(['ok', 'starting', 'degraded']),
    database: z.object({ reachable: z.boolean(), kind: z.enum(['pglite', 'postgres']) }),
    version: z.string(),
  }),
});

import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

/**
 * 'ok' (200); 'starting' (503): no full catalogue sync has completed yet, so the catalogue may
 * be missing or partial; 'degraded' (503): the database is unreachable.
 */
export const ZHealthStatus = z.enum(['ok', 'starting', 'degraded']);
export type THealthStatus = z.infer<typeof ZHealthStatus>;

/**
 * Readiness for load balancers and monitors: the status alone. What the server runs on (the
 * database's kind, the version) is for operators only: `GET /api/v1/admin/health`.
 */
export const health = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  auth: 'public',
  tags: ['System'],
  summary: 'Readiness: 200 when the database is reachable and the catalogue loaded, else 503',
  data: z.object({ status: ZHealthStatus }),
});

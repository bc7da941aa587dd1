import { z } from 'zod';
import { defineEndpoint, EVERY_OPERATOR } from '../endpoint.js';
import { ZHealthStatus } from '../health.js';

/** The public readiness with what only operators see: the database and the version. */
export const ZHealthDetails = z.object({
  status: ZHealthStatus,
  database: z.object({ reachable: z.boolean(), kind: z.enum(['pglite', 'postgres']) }),
  version: z.string(),
});
export type THealthDetails = z.infer<typeof ZHealthDetails>;

/** Always 200 once signed in: the status is in the body (the public `/api/health` answers 503). */
export const getHealthDetails = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/health',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'Readiness with its details: the database (kind, reachable) and the server version',
  data: ZHealthDetails,
});

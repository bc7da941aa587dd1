import type { FastifyInstance } from 'fastify';
import { getHealthDetails, type THealthDetails } from '@agentdesk/contract/admin/health';
import { mountEndpoint } from '../../http/route.js';
import { HEALTH_MESSAGES } from './health.routes.js';

/** `GET /api/v1/admin/health`: the public check with its details (database kind and reachability, version). */
export function registerHealthAdminRoutes(app: FastifyInstance, deps: { check: () => Promise<THealthDetails> }): void {
  mountEndpoint(app, getHealthDetails, {}, async () => {
    const details = await deps.check();
    return { message: HEALTH_MESSAGES[details.status], data: details };
  });
}

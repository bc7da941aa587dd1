import type { FastifyInstance } from 'fastify';
import { getUpstreamsHealth } from '@agentdesk/contract/admin/upstreams';
import { mountEndpoint } from '../../http/route.js';
import type { UpstreamHealthService } from './upstream-health.service.js';

/** `GET /api/v1/admin/upstreams/health`: each upstream's last hour, balance and alerts (decision 040). */
export function registerUpstreamHealthAdminRoutes(app: FastifyInstance, deps: { health: UpstreamHealthService }): void {
  mountEndpoint(app, getUpstreamsHealth, {}, async () => ({
    message: 'Upstreams health',
    data: await deps.health.health(),
  }));
}

import type { FastifyInstance } from 'fastify';
import { dashboardSummary } from '@agentdesk/contract/dashboard/summary';
import { mountEndpoint } from '../../http/route.js';
import type { DashboardService } from './dashboard.service.js';

export function registerDashboardRoutes(app: FastifyInstance, deps: { dashboard: DashboardService }): void {
  mountEndpoint(app, dashboardSummary, {}, async ({ auth }) => ({
    message: 'OK',
    data: await deps.dashboard.summary(auth.user.id),
  }));
}

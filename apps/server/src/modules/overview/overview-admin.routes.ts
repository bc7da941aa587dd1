import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { getOverview } from '@agentdesk/contract/admin/overview';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import type { Clock } from '../../lib/clock.js';
import type { UpstreamAdapter } from '../upstream/upstream.js';
import { createFloatMonitor, startFloatPoll, type FloatMonitor } from './float-monitor.js';
import { createOverviewService } from './overview.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The upstream float's poll (tests call `refresh`). */
    upstreamFloat: FloatMonitor;
  }
}

/**
 * `GET /api/v1/admin/overview`: the console's first screen. Starts the upstream float's
 * background poll (every `floatPollIntervalMs`, 0 off).
 */
export function registerOverviewAdminRoutes(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; log: Logger; upstream: UpstreamAdapter; floatPollIntervalMs: number },
): void {
  const float = createFloatMonitor({ upstream: deps.upstream, clock: deps.clock, log: deps.log });
  app.decorate('upstreamFloat', float);
  startFloatPoll(app, float, deps.floatPollIntervalMs);
  const overview = createOverviewService({ db: deps.db, clock: deps.clock, float });
  mountEndpoint(app, getOverview, {}, async () => ({ message: 'Overview', data: await overview.overview() }));
}

import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { getOverview } from '@agentdesk/contract/admin/overview';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import type { Clock } from '../../lib/clock.js';
import type { UpstreamAdapter } from '../upstream/upstream.js';
import { createFloatMonitor, startFloatPoll, type FloatMonitor, type FloatReading } from './float-monitor.js';
import { createOverviewService } from './overview.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every upstream's float poll (tests call `refresh`). */
    upstreamFloat: FloatMonitor;
  }
}

/**
 * `GET /api/v1/admin/overview`: the console's first screen. Starts the background poll of
 * every configured upstream's float (every `floatPollIntervalMs`, 0 off); `afterRead` judges
 * each round (the low-balance alert, decision 040).
 */
export function registerOverviewAdminRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    log: Logger;
    upstreams: () => Promise<Array<{ id: string; adapter: UpstreamAdapter }>>;
    catalogueUpstreamId: string;
    floatPollIntervalMs: number;
    afterRead?: (readings: ReadonlyMap<string, FloatReading>) => Promise<void>;
  },
): void {
  const float = createFloatMonitor(deps);
  app.decorate('upstreamFloat', float);
  startFloatPoll(app, float, deps.floatPollIntervalMs);
  const overview = createOverviewService({ db: deps.db, clock: deps.clock, float });
  mountEndpoint(app, getOverview, {}, async () => ({ message: 'Overview', data: await overview.overview() }));
}

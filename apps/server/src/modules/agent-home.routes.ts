import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { registerDashboardRoutes } from './dashboard/dashboard.routes.js';
import { createDashboardService } from './dashboard/dashboard.service.js';
import { registerReceiptRoutes } from './receipts/receipt.routes.js';
import { createReceiptService } from './receipts/receipt.service.js';
import { registerReferralRoutes } from './referrals/referrals.routes.js';
import type { ReferralsService } from './referrals/referrals.service.js';
import { registerStatementRoutes } from './statements/statement.routes.js';

/** The agent's home: dashboard summary, referrals, statements, receipts. */
export function registerAgentHome(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; config: Config; referrals: ReferralsService },
): void {
  const { db, clock, config } = deps;
  registerDashboardRoutes(app, { dashboard: createDashboardService({ db, clock }) });
  registerReferralRoutes(app, { referrals: deps.referrals });
  registerStatementRoutes(app, { db });
  registerReceiptRoutes(app, { receipts: createReceiptService({ db, brandName: config.brandName }) });
}

import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { registerBankRoutes } from './banks/banks.routes.js';
import { createBanksService } from './banks/banks.service.js';
import { createSandboxAccountNameResolver } from './banks/sandbox-account-name-resolver.js';
import { registerSavedCustomerRoutes } from './saved-customers/saved-customers.routes.js';
import { createSavedCustomersService } from './saved-customers/saved-customers.service.js';
import { registerNotificationRoutes } from './notifications/notifications.routes.js';
import type { NotificationsService } from './notifications/notifications.service.js';
import { registerSettingsRoutes } from './settings/settings.routes.js';
import type { SettingsService } from './settings/settings.service.js';

/** Bank records, saved customers, notifications, contact and support: the agent's account extras (operators' side: app.ts). */
export function registerAccountExtras(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; settings: SettingsService; notifications: NotificationsService },
): void {
  const { db, clock, settings } = deps;

  // The support link (mounted by registerSupportRoutes) reads operators' settings through this.
  app.decorate('providerSettings', settings);
  registerSettingsRoutes(app, { settings });

  // Name enquiry: the sandbox until a bank or gateway integration (an AccountNameResolver) is configured.
  const resolver = createSandboxAccountNameResolver();
  registerBankRoutes(app, { banks: createBanksService({ db, clock, resolver }) });

  registerSavedCustomerRoutes(app, { savedCustomers: createSavedCustomersService({ db, clock }) });

  registerNotificationRoutes(app, { notifications: deps.notifications });
}

import type { FastifyInstance } from 'fastify';
import {
  getContactSettings,
  getSupportSettings,
  setSupportSettings,
  updateContactSettings,
} from '@agentdesk/contract/admin/settings';
import { adminListFundingAccounts } from '@agentdesk/contract/admin/funding';
import { mountEndpoint } from '../../http/route.js';
import type { SettingsService } from './settings.service.js';

/**
 * The contact details and support number agents see, as operators read and change them, and
 * the provider's bank accounts as the settings screen lists them (added and disabled in funding).
 */
export function registerSettingsAdminRoutes(app: FastifyInstance, deps: { settings: SettingsService }): void {
  const { settings } = deps;

  mountEndpoint(app, adminListFundingAccounts, {}, async () => ({
    message: 'OK',
    data: await settings.fundingAccounts(),
  }));

  mountEndpoint(app, getContactSettings, {}, async () => ({ message: 'OK', data: await settings.contact() }));

  mountEndpoint(app, updateContactSettings, {}, async ({ actor, body }) => ({
    message: 'Contact details saved',
    data: await settings.updateContact(actor, body),
  }));

  mountEndpoint(app, getSupportSettings, {}, async () => ({ message: 'OK', data: await settings.support() }));

  mountEndpoint(app, setSupportSettings, {}, async ({ actor, body }) => ({
    message: body.whatsapp ? 'Support number saved' : 'Support number cleared: SUPPORT_WHATSAPP applies',
    data: await settings.setSupportWhatsapp(actor, body.whatsapp),
  }));
}

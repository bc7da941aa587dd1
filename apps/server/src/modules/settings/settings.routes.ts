import type { FastifyInstance } from 'fastify';
import {
  getContactSettings,
  getSupportSettings,
  setSupportSettings,
  updateContactSettings,
} from '@agentdesk/contract/admin/settings';
import { getContact } from '@agentdesk/contract/contact/get-contact';
import { mountEndpoint } from '../../http/route.js';
import type { SettingsService } from './settings.service.js';

/** Contact details for agents; contact and support settings for operators. */
export function registerSettingsRoutes(app: FastifyInstance, deps: { settings: SettingsService }): void {
  const { settings } = deps;

  mountEndpoint(app, getContact, {}, async () => ({ message: 'OK', data: (await settings.contact()).effective }));

  mountEndpoint(app, getContactSettings, {}, async () => ({ message: 'OK', data: await settings.contact() }));

  mountEndpoint(app, updateContactSettings, {}, async ({ auth, body }) => ({
    message: 'Contact details saved',
    data: await settings.updateContact(auth.user.id, body),
  }));

  mountEndpoint(app, getSupportSettings, {}, async () => ({ message: 'OK', data: await settings.support() }));

  mountEndpoint(app, setSupportSettings, {}, async ({ auth, body }) => ({
    message: body.whatsapp ? 'Support number saved' : 'Support number cleared: SUPPORT_WHATSAPP applies',
    data: await settings.setSupportWhatsapp(auth.user.id, body.whatsapp),
  }));
}

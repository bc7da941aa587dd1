import type { FastifyInstance } from 'fastify';
import { getContact } from '@agentdesk/contract/contact/get-contact';
import { mountEndpoint } from '../../http/route.js';
import type { SettingsService } from './settings.service.js';

/** Contact details for agents (operators change them: settings-admin.routes.ts). */
export function registerSettingsRoutes(app: FastifyInstance, deps: { settings: SettingsService }): void {
  mountEndpoint(app, getContact, {}, async () => ({ message: 'OK', data: (await deps.settings.contact()).effective }));
}

import type { FastifyInstance } from 'fastify';
import { supportLink } from '@agentdesk/contract/support';
import { mountEndpoint } from '../../http/route.js';
import type { SettingsService } from '../settings/settings.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Run-time provider settings; decorated by the account extras (`account-extras.routes.ts`). */
    providerSettings?: SettingsService;
  }
}

/**
 * The support chat link. The number operators set (`npm run admin -- support --whatsapp ...`)
 * wins; `supportWhatsapp` (SUPPORT_WHATSAPP) is the default, and the only source when the
 * app has no settings service.
 */
export function registerSupportRoutes(app: FastifyInstance, deps: { supportWhatsapp: string | undefined }): void {
  mountEndpoint(app, supportLink, {}, async () => {
    // Looked up per request: the settings service is decorated after this route is mounted.
    const whatsapp = app.providerSettings
      ? (await app.providerSettings.support()).effectiveWhatsapp
      : (deps.supportWhatsapp ?? null);
    return { message: 'OK', data: whatsapp ? [{ link: `whatsapp=${whatsapp}` }] : [] };
  });
}

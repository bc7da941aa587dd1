import type { FastifyInstance } from 'fastify';
import { supportLink } from '@agentdesk/contract/support';
import { mountEndpoint } from '../../http/route.js';

/** Support contact points from configuration (operators set them with the CLI in a later step). */
export function registerSupportRoutes(app: FastifyInstance, deps: { supportWhatsapp: string | undefined }): void {
  mountEndpoint(app, supportLink, {}, async () => ({
    message: 'OK',
    data: deps.supportWhatsapp ? [{ link: `whatsapp=${deps.supportWhatsapp}` }] : [],
  }));
}

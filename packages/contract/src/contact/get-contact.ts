import { defineEndpoint } from '../endpoint.js';
import { ZContact } from './contact-fields.js';

/** `whatsapp` falls back to the support chat number when the provider has set none of its own. */
export const getContact = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/contact',
  auth: 'agent',
  tags: ['Support'],
  summary: "The provider's contact details",
  data: ZContact,
});

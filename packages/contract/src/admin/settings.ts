import { z } from 'zod';
import { ZContact, ZSetSupportRequest, ZUpdateContactRequest } from '../contact/contact-fields.js';
import { defineEndpoint, EVERY_OPERATOR, OWNER_ONLY } from '../endpoint.js';

/** What operators see: what they set (null: unset) and what agents get. */
export const ZContactSettings = z.object({ saved: ZContact, effective: ZContact });

export const getContactSettings = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/settings/contact',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'The contact details agents see',
  data: ZContactSettings,
});

export const updateContactSettings = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/admin/settings/contact',
  auth: 'operator',
  roles: OWNER_ONLY,
  tags: ['Operator'],
  summary: 'Change contact details: absent fields stay, null or blank clears',
  body: ZUpdateContactRequest,
  data: ZContactSettings,
});

export const ZSupportSettings = z.object({
  /** Set by operators; null when unset. */
  whatsapp: z.string().nullable(),
  /** SUPPORT_WHATSAPP of the server, used when operators have set nothing. */
  defaultWhatsapp: z.string().nullable(),
  /** The number the chat button opens. */
  effectiveWhatsapp: z.string().nullable(),
});

export const getSupportSettings = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/settings/support',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'The support chat number',
  data: ZSupportSettings,
});

export const setSupportSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/admin/settings/support',
  auth: 'operator',
  roles: OWNER_ONLY,
  tags: ['Operator'],
  summary: 'Set the support chat number (null: back to SUPPORT_WHATSAPP)',
  body: ZSetSupportRequest,
  data: ZSupportSettings,
});

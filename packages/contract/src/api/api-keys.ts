import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZIdParams } from '../envelope.js';
import { ZAllowedIps } from './ip-rule.js';
import { zText } from '../text.js';

/** At most this many keys are active per agent at once; revoked ones stay listed. */
export const MAX_ACTIVE_API_KEYS = 5;

/** `adk_` and 43 base64url characters (32 random bytes). */
export const API_KEY_PATTERN = /^adk_[A-Za-z0-9_-]{43}$/;
/** How many of the key's first characters are kept to show which key is which. */
export const API_KEY_PREFIX_LENGTH = 12;

export const ZApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The key's first 12 characters, to tell keys apart; the rest is never shown again. */
    prefix: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    status: z.enum(['active', 'revoked']),
    /** Addresses or CIDR ranges the key may be used from; empty: any. */
    allowedIps: z.array(z.string()),
  })
  .meta({
    examples: [
      {
        id: '5f0c9a52-8a41-4c7e-9d1b-2b8f0f6c1a77',
        name: 'Key 1',
        prefix: 'adk_Qm9vVGhl',
        createdAt: '2026-11-22T08:00:00.000Z',
        lastUsedAt: null,
        status: 'active',
        allowedIps: [],
      },
    ],
  });
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZNewApiKey = ZApiKey.extend({
  /** The whole key: answered once, at creation, and never again. */
  secret: z.string(),
});
export type TNewApiKey = z.infer<typeof ZNewApiKey>;

export const ZApiKeyName = zText('name', { error: 'name is text' })
  .trim()
  .min(1, 'Give the key a name')
  .max(60, 'name must be at most 60 characters');

export const ZUpdateApiKeyRequest = z
  .strictObject({ name: ZApiKeyName.optional(), allowedIps: ZAllowedIps.optional() })
  .refine((body) => body.name !== undefined || body.allowedIps !== undefined, {
    message: 'Send name, allowedIps or both',
    path: ['name'],
  });
export type TUpdateApiKeyRequest = z.input<typeof ZUpdateApiKeyRequest>;

export const listApiKeys = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/api/keys',
  auth: 'agent',
  tags: ['API'],
  summary: 'The agent’s API keys, newest first: active and revoked',
  data: z.array(ZApiKey),
});

export const createApiKey = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/api/keys',
  auth: 'agent',
  status: 201,
  tags: ['API'],
  summary: `Generate an API key (at most ${MAX_ACTIVE_API_KEYS} active); its secret is answered this once`,
  data: ZNewApiKey,
});

export const updateApiKey = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/agent/api/keys/:id',
  auth: 'agent',
  tags: ['API'],
  summary: 'Rename an API key or set the addresses it may be used from',
  params: ZIdParams,
  body: ZUpdateApiKeyRequest,
  data: ZApiKey,
});

export const revokeApiKey = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/agent/api/keys/:id',
  auth: 'agent',
  tags: ['API'],
  summary: 'Revoke an API key: it stops working at once and stays listed as revoked',
  params: ZIdParams,
  data: ZApiKey,
});

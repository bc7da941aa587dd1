import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { zText } from '../text.js';

/** `whsec_` and 43 base64url characters (32 random bytes). */
export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9_-]{43}$/;
/** How many of the secret's first characters are kept to show which secret is in use. */
export const WEBHOOK_SECRET_PREFIX_LENGTH = 12;
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_SIGNATURE_HEADER = 'X-AgentDesk-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'X-AgentDesk-Event-Id';
export const WEBHOOK_EVENT_TYPES = ['purchase.delivered', 'purchase.failed', 'catalog.updated', 'test'] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_DELIVERIES_PAGE_DEFAULT = 20;
export const WEBHOOK_DELIVERIES_PAGE_MAX = 100;

/**
 * An absolute http(s) URL. Whether plain http and private addresses are allowed depends on
 * how the server runs (https is required in production), so the server checks that part.
 */
export const ZWebhookUrl = zText('url', { error: 'url is text' })
  .trim()
  .min(1, 'Enter the URL that should receive webhooks')
  .max(WEBHOOK_URL_MAX, `url must be at most ${WEBHOOK_URL_MAX} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'Enter a full URL starting with https://, like https://example.com/agentdesk/webhook')
  .refine((value) => !/^[a-z]+:\/\/[^/]*@/i.test(value), 'url must not carry a user name or password');

export const ZWebhookSettings = z
  .object({
    /** Where events are POSTed; null until the agent sets one. */
    url: z.string().nullable(),
    /** Off: events are not recorded or sent (a URL may still be kept). */
    enabled: z.boolean(),
    /** The signing secret's first 12 characters (`whsec_...`), to tell secrets apart; the rest is never shown again. */
    secretPrefix: z.string().nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({
    examples: [
      {
        url: 'https://shop.example.com/agentdesk/webhook',
        enabled: true,
        secretPrefix: 'whsec_Zm9vYm',
        updatedAt: '2026-11-22T08:00:00.000Z',
      },
    ],
  });
export type TWebhookSettings = z.infer<typeof ZWebhookSettings>;

/** The answer to saving settings: `secret` is there only when this save created the signing secret (shown once). */
export const ZSavedWebhookSettings = ZWebhookSettings.extend({ secret: z.string().optional() });
export type TSavedWebhookSettings = z.infer<typeof ZSavedWebhookSettings>;

export const ZSaveWebhookRequest = z
  .strictObject({
    /** null removes the URL (and turns the webhook off). */
    url: ZWebhookUrl.nullable(),
    enabled: z.boolean({ error: 'enabled is true or false' }),
  })
  .refine((body) => body.url !== null || !body.enabled, {
    message: 'Set a URL before turning the webhook on',
    path: ['url'],
  });
export type TSaveWebhookRequest = z.input<typeof ZSaveWebhookRequest>;

export const ZWebhookSecret = z.object({
  /** The whole signing secret: answered once, and never again. */
  secret: z.string(),
});
export type TWebhookSecret = z.infer<typeof ZWebhookSecret>;

/**
 * The `data` of a `catalog.updated` event (docs/decisions/041): the plans whose price or
 * availability changed for the receiving agent, as that agent buys them now. Sent once per change
 * of the upstream's prices; read `GET /reseller/services` for the whole catalogue.
 */
export const ZCatalogUpdatedData = z
  .object({
    plans: z.array(
      z.object({
        serviceId: z.string(),
        code: z.string(),
        name: z.string(),
        /** What the customer gets, naira. */
        faceValue: z.string(),
        /** What the agent pays now, naira. */
        price: z.string(),
        /** What the agent paid before the change, naira. */
        previousPrice: z.string(),
        /** False: switched off until an operator decides (the upstream's cost rose above the price). */
        forSale: z.boolean(),
      }),
    ),
  })
  .meta({
    examples: [
      {
        plans: [
          {
            serviceId: 'mtn-data',
            code: 'mtn-2gb-30d',
            name: 'MTN 2GB - 30 days',
            faceValue: '1650.00',
            price: '1600.50',
            previousPrice: '1455.00',
            forSale: true,
          },
        ],
      },
    ],
  });
export type TCatalogUpdatedData = z.infer<typeof ZCatalogUpdatedData>;

export const ZWebhookDelivery = z
  .object({
    id: z.string(),
    eventId: z.string(),
    eventType: z.enum(WEBHOOK_EVENT_TYPES),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number(),
    /** The receiver's HTTP status at the last attempt; null when none answered. */
    lastStatusCode: z.number().nullable(),
    /** Why the last attempt failed (a status, a timeout, a refused connection). */
    lastError: z.string().nullable(),
    /** Pending: when it is tried next; null once delivered or failed. */
    nextAttemptAt: z.string().nullable(),
    createdAt: z.string(),
    deliveredAt: z.string().nullable(),
  })
  .meta({
    examples: [
      {
        id: '42',
        eventId: 'evt_3Yk1cQm0r9XbD2pL7sTf8uWv',
        eventType: 'purchase.delivered',
        status: 'delivered',
        attempts: 1,
        lastStatusCode: 200,
        lastError: null,
        nextAttemptAt: null,
        createdAt: '2026-11-22T08:00:00.000Z',
        deliveredAt: '2026-11-22T08:00:01.000Z',
      },
    ],
  });
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZListWebhookDeliveriesQuery = z.strictObject({
  /** `meta.nextCursor` of the previous page; absent for the first page. */
  cursor: zText('cursor').trim().min(1, 'cursor must not be empty').max(200, 'cursor is not valid').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(WEBHOOK_DELIVERIES_PAGE_MAX, `limit must be at most ${WEBHOOK_DELIVERIES_PAGE_MAX}`)
    .default(WEBHOOK_DELIVERIES_PAGE_DEFAULT),
});
export type TListWebhookDeliveriesQuery = z.input<typeof ZListWebhookDeliveriesQuery>;

export const getWebhook = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/api/webhook',
  auth: 'agent',
  tags: ['Webhooks'],
  summary: 'The agent’s webhook: URL, on or off, and which signing secret is in use',
  data: ZWebhookSettings,
});

export const saveWebhook = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/agent/api/webhook',
  auth: 'agent',
  tags: ['Webhooks'],
  summary:
    'Set the webhook URL and turn it on or off. The first save with a URL creates the signing secret and answers it in `secret`, this once.',
  body: ZSaveWebhookRequest,
  data: ZSavedWebhookSettings,
});

export const rotateWebhookSecret = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/api/webhook/rotate-secret',
  auth: 'agent',
  tags: ['Webhooks'],
  summary: 'Replace the signing secret: the old one stops verifying at once; the new one is answered this once',
  data: ZWebhookSecret,
});

export const sendWebhookTest = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/api/webhook/test',
  auth: 'agent',
  tags: ['Webhooks'],
  summary: 'Send a `test` event to the webhook URL now (one attempt) and answer how it went',
  data: ZWebhookDelivery,
});

export const listWebhookDeliveries = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/api/webhook/deliveries',
  auth: 'agent',
  tags: ['Webhooks'],
  summary: 'The agent’s webhook deliveries, newest first, by cursor',
  query: ZListWebhookDeliveriesQuery,
  paginated: true,
  data: z.array(ZWebhookDelivery),
});

import { z } from 'zod';
import { SERVICE_CATEGORIES } from '../catalog/services.js';
import { defineEndpoint, EVERY_OPERATOR } from '../endpoint.js';
import { ZCursor, ZNaira, ZPageLimit } from '../money.js';
import { ZOrder } from '../purchases/purchase.js';
import { zDate, zText } from '../text.js';

export const ZOperatorOrder = ZOrder.extend({
  id: z.string(),
  username: z.string(),
  attempts: z.number(),
  upstreamCode: z.string().nullable(),
  /**
   * What an operator must look at: `upstream-refused` (the upstream refused a call for a reason
   * of the provider's account: credentials, balance, whitelisting), `delivered-after-refund`
   * (the upstream says it delivered an order that was refunded) or `earlier-attempt-delivered`
   * (an upstream says it delivered an attempt the order had moved on from after its definitive
   * failure there: it may be sold twice).
   */
  alert: z.enum(['upstream-refused', 'delivered-after-refund', 'earlier-attempt-delivered']).nullable(),
  /** The upstream the order is with now (its last attempt's). */
  upstreamId: z.string(),
  /** The upstream's own answer that raised the alert. */
  alertDetail: z.string().nullable(),
  alertedAt: z.string().nullable(),
  /** Why an operator settled the order (a refund by force names the upstream's answer it overrode). */
  resolutionNote: z.string().nullable(),
});

export const listStuckOrders = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/orders/pending',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'Orders still unresolved after a while (default 24 hours), oldest first',
  query: z.strictObject({
    olderThanHours: z.coerce
      .number()
      .min(0)
      .max(24 * 30)
      .default(24),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  data: z.array(ZOperatorOrder),
});

export const requeryOrder = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/requery',
  auth: 'operator',
  roles: ['finance', 'support'],
  tags: ['Operator'],
  summary: 'Ask the upstream now what became of an order',
  params: z.strictObject({ id: z.uuid('id is not valid') }),
  data: ZOperatorOrder,
});

export const refundOrder = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/refund',
  auth: 'operator',
  roles: ['finance'],
  tags: ['Operator'],
  summary:
    'Refund an unresolved order, exactly once. The upstream is asked first: a definitive failure is refunded, a delivery ' +
    'delivers the order instead; any other answer is a 409 that quotes it, unless force is true (the reason is recorded ' +
    'with the answer it overrode). Never while a pay for the order may be in flight.',
  params: z.strictObject({ id: z.uuid('id is not valid') }),
  body: z.strictObject({
    reason: zText('Reason').trim().min(3, 'Reason is required').max(300),
    force: z.boolean().default(false),
  }),
  data: ZOperatorOrder.extend({
    /** The upstream's answer to the requery made first. */
    upstream: z.object({ code: z.string(), message: z.string() }),
    /** refunded: on the upstream's definitive failure; refunded-by-force: on the operator's word; delivered: not refunded. */
    outcome: z.enum(['refunded', 'refunded-by-force', 'delivered']),
  }),
});

export const listOrderAlerts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/orders/alerts',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary:
    'Orders an operator must look at, newest first: requeries the upstream refused (credentials, balance, ' +
    'whitelisting) and deliveries the upstream reported after a refund',
  query: z.strictObject({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
  data: z.array(ZOperatorOrder),
});

/** An order's state as operators filter by it: `alert` is any order with an alert set. */
export const ORDER_STATES = ['pending', 'delivered', 'failed', 'alert'] as const;

export const ZListOrdersQuery = z
  .strictObject({
    cursor: ZCursor,
    limit: ZPageLimit,
    /**
     * Exactly one order's key: its reference (PUR-..., or its refund's RFD-...), the agent's
     * requestId, the upstream's request id, the order's id, or the phone, meter or smartcard it was
     * for (a phone as +234... or 0...).
     */
    q: zText('q')
      .trim()
      .min(3, 'q: type a whole reference, request id, phone, meter or smartcard number')
      .max(100, 'q must be at most 100 characters')
      .optional(),
    /** The agent's id or username. */
    agent: zText('agent').trim().min(1).max(100, 'agent must be at most 100 characters').optional(),
    service: z.enum(SERVICE_CATEGORIES, { error: `service is one of ${SERVICE_CATEGORIES.join(', ')}` }).optional(),
    state: z.enum(ORDER_STATES, { error: `state is one of ${ORDER_STATES.join(', ')}` }).optional(),
    /** Inclusive calendar dates in Africa/Lagos. */
    from: zDate('from').optional(),
    to: zDate('to').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'to must not be before from',
  });
export type TListOrdersQuery = z.input<typeof ZListOrdersQuery>;

/** One order of the operators' list. */
export const ZOrderSummary = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** The purchase's wallet reference (PUR-...), as the agent's receipt shows it. */
  reference: z.string().nullable(),
  agentId: z.string(),
  username: z.string(),
  service: z.enum(SERVICE_CATEGORIES),
  serviceId: z.string(),
  productName: z.string(),
  recipient: z.string(),
  price: ZNaira,
  faceValue: ZNaira,
  status: z.enum(['pending', 'delivered', 'failed']),
  alert: ZOperatorOrder.shape.alert,
});
export type TOrderSummary = z.infer<typeof ZOrderSummary>;

export const listOrders = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/orders',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary:
    'Orders newest first, by cursor: found by reference, request id, phone, meter or smartcard, filtered by agent, ' +
    'service, state and Lagos dates',
  query: ZListOrdersQuery,
  data: z.array(ZOrderSummary),
  paginated: true,
});

/** One exchange with the upstream about an order, as the adapter made it, credentials redacted. */
export const ZUpstreamExchange = z.object({
  id: z.string(),
  call: z.enum(['pay', 'requery', 'verify']),
  /** The upstream request id the call named. */
  requestId: z.string().nullable(),
  method: z.string(),
  /** The URL's path and query, relative to the upstream's base URL. */
  path: z.string(),
  requestBody: z.unknown(),
  /** The HTTP status; null when no answer came. */
  status: z.number().nullable(),
  /** The answer's JSON, or its text; null when no answer came. */
  responseBody: z.unknown(),
  /** A timeout or a transport error, in words. */
  error: z.string().nullable(),
  /** How the answer was read: delivered, failed, reversed, unknown, refused, unknown-request. */
  verdict: z.string().nullable(),
  code: z.string().nullable(),
  startedAt: z.string(),
  durationMs: z.number(),
});
export type TUpstreamExchange = z.infer<typeof ZUpstreamExchange>;

/** One moment of an order's life, from what the tables hold. */
export const ZOrderEvent = z.object({
  at: z.string(),
  kind: z.enum(['created', 'paid', 'requeried', 'delivered', 'refunded', 'alert', 'operator']),
  /** What happened, in words. */
  title: z.string(),
  detail: z.string().nullable(),
});
export type TOrderEvent = z.infer<typeof ZOrderEvent>;

export const ZOrderDetail = z.object({
  order: ZOperatorOrder.extend({
    agentId: z.string(),
    reference: z.string().nullable(),
    refundReference: z.string().nullable(),
    upstreamRequestId: z.string(),
    /** The phone given with the order (the recipient's, or the contact's for a bill). */
    phone: z.string(),
    variationCode: z.string().nullable(),
    sentAt: z.string().nullable(),
  }),
  agent: z.object({
    id: z.string(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    /** The wallet's balance now, naira. */
    balance: ZNaira,
  }),
  /** Oldest first. */
  timeline: z.array(ZOrderEvent),
  /** Every exchange with the upstream about the order, oldest first. */
  exchanges: z.array(ZUpstreamExchange),
  /**
   * The attempts the order moved on from, oldest first: each upstream that definitively did not
   * process it, under its own request id (decision 037). The order's own upstream and request id
   * are its current attempt.
   */
  earlierAttempts: z.array(
    z.object({
      upstreamId: z.string(),
      requestId: z.string(),
      verdict: z.string(),
      code: z.string(),
      message: z.string(),
      endedAt: z.string(),
    }),
  ),
});
export type TOrderDetail = z.infer<typeof ZOrderDetail>;

export const getOrder = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/orders/:id',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'An order with its agent, its timeline and every exchange with the upstream about it (secrets redacted)',
  params: z.strictObject({ id: z.uuid('id is not valid') }),
  data: ZOrderDetail,
});

/** How many orders one bulk requery call asks about: the console sends the list shown in pages of this. */
export const BULK_REQUERY_MAX = 10;

export const requeryOrders = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/orders/requery',
  auth: 'operator',
  roles: ['finance', 'support'],
  tags: ['Operator'],
  summary:
    `Ask the upstream now about up to ${BULK_REQUERY_MAX} orders (each audited as a requery); the console sends a ` +
    'longer list in pages and shows its progress. Settled orders are answered as they are.',
  body: z.strictObject({
    ids: z
      .array(z.uuid('ids: each id must be an order id'))
      .min(1, 'ids: name at least one order')
      .max(BULK_REQUERY_MAX, `ids: at most ${BULK_REQUERY_MAX} orders per call`),
  }),
  data: z.array(
    z.object({
      id: z.string(),
      /** The order's state after the requery; null when it could not be asked about. */
      status: z.enum(['pending', 'delivered', 'failed']).nullable(),
      /** settled: this requery settled it; unchanged: still pending; already-settled; not-found; error. */
      outcome: z.enum(['settled', 'unchanged', 'already-settled', 'not-found', 'error']),
    }),
  ),
});

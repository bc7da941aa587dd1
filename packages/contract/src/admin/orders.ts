import { z } from 'zod';
import { defineEndpoint, EVERY_OPERATOR } from '../endpoint.js';
import { ZOrder } from '../purchases/purchase.js';
import { zText } from '../text.js';

export const ZOperatorOrder = ZOrder.extend({
  id: z.string(),
  username: z.string(),
  attempts: z.number(),
  upstreamCode: z.string().nullable(),
  /**
   * What an operator must look at: `upstream-refused` (the upstream refused a call for a reason
   * of the provider's account: credentials, balance, whitelisting) or `delivered-after-refund`
   * (the upstream says it delivered an order that was refunded).
   */
  alert: z.enum(['upstream-refused', 'delivered-after-refund']).nullable(),
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

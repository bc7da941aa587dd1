import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZNairaAmount } from '../money.js';
import { ZPercent } from '../percent.js';
import { ZOrder } from '../purchases/purchase.js';
import { zText } from '../text.js';

export const syncCatalog = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/catalog/sync',
  auth: 'operator',
  tags: ['Operator'],
  summary:
    'Pull services and variations from the upstream; discounts, prices and switches are kept, plans it no longer lists are withdrawn',
  data: z.object({ services: z.number(), variations: z.number(), withdrawn: z.number() }),
});

export const setServiceTerms = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/admin/catalog/services/:serviceId',
  auth: 'operator',
  tags: ['Operator'],
  summary: 'Set a service’s agent discount, or switch it on or off',
  params: z.strictObject({ serviceId: zText('serviceId').min(1).max(60) }),
  body: z.strictObject({ discountPercent: ZPercent('Discount').optional(), enabled: z.boolean().optional() }),
  data: z.object({ serviceId: z.string() }),
});

export const setVariationTerms = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/admin/catalog/services/:serviceId/variations/:code',
  auth: 'operator',
  tags: ['Operator'],
  summary: 'Set a fixed agent price for a plan (null: back to the discount), or switch it on or off',
  params: z.strictObject({ serviceId: zText('serviceId').min(1).max(60), code: zText('code').min(1).max(80) }),
  body: z.strictObject({ agentPrice: ZNairaAmount.nullable().optional(), enabled: z.boolean().optional() }),
  data: z.object({ serviceId: z.string(), code: z.string() }),
});

const ZOperatorOrder = ZOrder.extend({
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
  tags: ['Operator'],
  summary: 'Ask the upstream now what became of an order',
  params: z.strictObject({ id: z.uuid('id is not valid') }),
  data: ZOperatorOrder,
});

export const refundOrder = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/orders/:id/refund',
  auth: 'operator',
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
  tags: ['Operator'],
  summary:
    'Orders an operator must look at, newest first: requeries the upstream refused (credentials, balance, ' +
    'whitelisting) and deliveries the upstream reported after a refund',
  query: z.strictObject({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
  data: z.array(ZOperatorOrder),
});

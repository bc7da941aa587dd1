import { z } from 'zod';
import { defineEndpoint, OWNER_ONLY } from '../endpoint.js';
import { ZNairaAmount } from '../money.js';
import { ZPercent } from '../percent.js';
import { zText } from '../text.js';

export const syncCatalog = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/catalog/sync',
  auth: 'operator',
  roles: OWNER_ONLY,
  tags: ['Operator'],
  summary:
    'Pull services and variations from the upstream; discounts, prices and switches are kept, plans it no longer lists are withdrawn',
  data: z.object({ services: z.number(), variations: z.number(), withdrawn: z.number() }),
});

export const setServiceTerms = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/admin/catalog/services/:serviceId',
  auth: 'operator',
  roles: OWNER_ONLY,
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
  roles: OWNER_ONLY,
  tags: ['Operator'],
  summary: 'Set a fixed agent price for a plan (null: back to the discount), or switch it on or off',
  params: z.strictObject({ serviceId: zText('serviceId').min(1).max(60), code: zText('code').min(1).max(80) }),
  body: z.strictObject({ agentPrice: ZNairaAmount.nullable().optional(), enabled: z.boolean().optional() }),
  data: z.object({ serviceId: z.string(), code: z.string() }),
});

import { z } from 'zod';
import { SERVICE_CATEGORIES } from '../catalog/services.js';
import { defineEndpoint, EVERY_OPERATOR, OWNER_ONLY } from '../endpoint.js';
import { ZNaira, ZNairaAmount, ZPageLimit } from '../money.js';
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
  data: z.object({
    services: z.number(),
    variations: z.number(),
    withdrawn: z.number(),
    /** Plans whose amount changed, their prices following each level's rule (decision 041). */
    pricesChanged: z.number(),
  }),
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

/** A catalogue cursor: the key of the last row of the previous page (a service id or a plan code). */
const ZCatalogCursor = zText('cursor')
  .trim()
  .min(1, 'cursor must not be empty')
  .max(80, 'cursor is not valid')
  .optional();

/** Part of a name or id to look for, at least 2 characters. */
const ZCatalogSearch = zText('q')
  .trim()
  .min(2, 'q: type at least 2 characters of a name')
  .max(60, 'q must be at most 60 characters')
  .optional();

export const ZAdminCatalogService = z.object({
  id: z.string(),
  category: z.enum(SERVICE_CATEGORIES),
  name: z.string(),
  productType: z.enum(['fix', 'flexible']),
  minAmount: ZNaira.nullable(),
  maxAmount: ZNaira.nullable(),
  /** The agent's discount off face value, as a percent string ("3.00"). */
  discountPercent: z.string(),
  /** The operators' switch: off, agents are not offered the service. */
  enabled: z.boolean(),
  /** Its plans: all it has, and how many are for sale (switched on and still listed by the upstream). */
  plans: z.object({ total: z.number().int(), forSale: z.number().int() }),
});
export type TAdminCatalogService = z.infer<typeof ZAdminCatalogService>;

export const adminListCatalogServices = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/catalog/services',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'Services by category, by cursor, searched by name or id, with their discount, switch and plan counts',
  query: z.strictObject({
    cursor: ZCatalogCursor,
    limit: ZPageLimit,
    q: ZCatalogSearch,
    category: z.enum(SERVICE_CATEGORIES).optional(),
  }),
  paginated: true,
  data: z.array(ZAdminCatalogService),
});

export const ZAdminCatalogPlan = z.object({
  code: z.string(),
  name: z.string(),
  /** What the customer gets. */
  faceValue: ZNaira,
  /**
   * What the upstream charges the provider for it; null: unknown, the catalogue does not store
   * the upstream's cost (its sync lists face values only).
   */
  upstreamCost: ZNaira.nullable(),
  /** What the agent pays: the fixed price, or face value less the service's discount. */
  agentPrice: ZNaira,
  /** The operators' fixed price; null: the service's discount applies. */
  fixedPrice: ZNaira.nullable(),
  /** The provider's margin on a sale (agent price less upstream cost); null while the cost is unknown. */
  margin: ZNaira.nullable(),
  /** The operators' switch. */
  enabled: z.boolean(),
  /** False when the upstream no longer lists it: not for sale whatever the switch. */
  listed: z.boolean(),
  /**
   * Why it was switched off by itself: an upstream's cost rose above a level's price (decision
   * 041). Null when it was not, or once an operator switched it on again.
   */
  offReason: z.string().nullable(),
});
export type TAdminCatalogPlan = z.infer<typeof ZAdminCatalogPlan>;

export const adminListCatalogPlans = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/catalog/services/:serviceId/variations',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary:
    'A service’s plans in the upstream’s order, by cursor, searched by name or code, with face value and agent price',
  params: z.strictObject({ serviceId: zText('serviceId').min(1).max(60) }),
  query: z.strictObject({ cursor: ZCatalogCursor, limit: ZPageLimit, q: ZCatalogSearch }),
  paginated: true,
  data: z.array(ZAdminCatalogPlan),
});

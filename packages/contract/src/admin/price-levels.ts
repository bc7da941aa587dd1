import { z } from 'zod';
import { SERVICE_CATEGORIES } from '../catalog/services.js';
import { defineEndpoint, EVERY_OPERATOR } from '../endpoint.js';
import { ZNaira, ZNairaAmount, ZPageLimit } from '../money.js';
import { ZPercent } from '../percent.js';
import { zText } from '../text.js';

/**
 * Price levels (issue 22, item 5; docs/decisions/038): every agent buys at the prices of one
 * level. A level overrides the catalogue where it says so (a discount for a service, a fixed
 * price for a plan) and follows the catalogue's current price everywhere else. Owners and
 * finance change levels and move agents (prices are money); every operator reads them.
 */
const EDITORS = ['finance'] as const;

/** At most this many levels: the list is one answer, with no pages. */
export const MAX_PRICE_LEVELS = 50;

export const ZPriceLevelName = zText('Name', { error: 'Name is required' })
  .trim()
  .min(2, 'Name is at least 2 characters')
  .max(40, 'Name is at most 40 characters');

export const ZPriceLevel = z.object({
  id: z.string(),
  name: z.string(),
  /** The level new agents join. */
  isDefault: z.boolean(),
  /** How many agents buy at its prices. */
  agents: z.number().int(),
  /** Its overrides: services with a discount of their own, plans with a fixed price of their own. */
  overrides: z.object({ services: z.number().int(), plans: z.number().int() }),
  /**
   * How its prices follow a change of the upstream's amount for a plan (docs/decisions/041):
   * `keep-discount` in proportion, `keep-margin` by the same naira.
   */
  followRule: z.enum(['keep-discount', 'keep-margin']),
  createdAt: z.string(),
});
export type TPriceLevel = z.infer<typeof ZPriceLevel>;

const ZLevelParams = z.strictObject({ id: z.uuid('id is not valid') });
const ZServiceParams = ZLevelParams.extend({ serviceId: zText('serviceId').min(1).max(60) });
const ZPlanParams = ZServiceParams.extend({ code: zText('code').min(1).max(80) });

export const listPriceLevels = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/price-levels',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'The price levels by name, with the default, how many agents each has and how many overrides',
  data: z.array(ZPriceLevel),
});

export const createPriceLevel = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/price-levels',
  auth: 'operator',
  roles: EDITORS,
  status: 201,
  tags: ['Operator'],
  summary: 'Create a price level: with no overrides, its agents pay the catalogue’s prices',
  body: z.strictObject({ name: ZPriceLevelName }),
  data: ZPriceLevel,
});

export const renamePriceLevel = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/admin/price-levels/:id',
  auth: 'operator',
  roles: EDITORS,
  tags: ['Operator'],
  summary: 'Rename a price level',
  params: ZLevelParams,
  body: z.strictObject({ name: ZPriceLevelName }),
  data: ZPriceLevel,
});

export const setDefaultPriceLevel = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/price-levels/:id/default',
  auth: 'operator',
  roles: EDITORS,
  tags: ['Operator'],
  summary: 'Make a level the one new agents join (agents already in a level stay there)',
  params: ZLevelParams,
  data: ZPriceLevel,
});

export const FOLLOW_RULES = ['keep-discount', 'keep-margin'] as const;
export type FollowRule = (typeof FOLLOW_RULES)[number];

export const setPriceLevelFollowRule = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/admin/price-levels/:id/follow-rule',
  auth: 'operator',
  roles: EDITORS,
  tags: ['Operator'],
  summary:
    'Choose how a level’s prices follow the upstream’s: keep the discount (in proportion) or keep the margin (the same naira)',
  params: ZLevelParams,
  body: z.strictObject({ followRule: z.enum(FOLLOW_RULES, { error: 'followRule is keep-discount or keep-margin' }) }),
  data: ZPriceLevel,
});

/** A level's cursor: the service id or plan code of the last row of the previous page. */
const ZLevelCursor = zText('cursor')
  .trim()
  .min(1, 'cursor must not be empty')
  .max(80, 'cursor is not valid')
  .optional();

const ZLevelSearch = zText('q')
  .trim()
  .min(2, 'q: type at least 2 characters of a name')
  .max(60, 'q must be at most 60 characters')
  .optional();

export const ZPriceLevelService = z.object({
  id: z.string(),
  category: z.enum(SERVICE_CATEGORIES),
  name: z.string(),
  productType: z.enum(['fix', 'flexible']),
  /** The operators' switch in the catalogue: off, no agent is offered it. */
  enabled: z.boolean(),
  /** The catalogue's discount, as a percent string ("3.00"). */
  catalogueDiscountPercent: z.string(),
  /** The level's own discount; null: the catalogue's rule applies to this service. */
  levelDiscountPercent: z.string().nullable(),
  /** The discount the level's agents get on amounts they choose (airtime, electricity). */
  discountPercent: z.string(),
  plans: z.object({ total: z.number().int(), forSale: z.number().int() }),
  /** How many of its plans have a fixed price of the level's own. */
  fixedPrices: z.number().int(),
});
export type TPriceLevelService = z.infer<typeof ZPriceLevelService>;

export const listPriceLevelServices = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/price-levels/:id/services',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'The catalogue’s services as a level sells them, by cursor: the catalogue’s discount and the level’s',
  params: ZLevelParams,
  query: z.strictObject({
    cursor: ZLevelCursor,
    limit: ZPageLimit,
    q: ZLevelSearch,
    category: z.enum(SERVICE_CATEGORIES).optional(),
  }),
  paginated: true,
  data: z.array(ZPriceLevelService),
});

/** Which rule makes a plan's price for a level, most specific first. */
export const PRICE_RULES = ['level-price', 'level-discount', 'catalogue'] as const;
export type PriceRule = (typeof PRICE_RULES)[number];

export const ZPriceLevelPlan = z.object({
  code: z.string(),
  name: z.string(),
  /** What the customer gets; "0.00" for a meter type, whose amount the agent chooses. */
  faceValue: ZNaira,
  /** What the catalogue's rule makes it (its fixed price, or face value less its discount). */
  cataloguePrice: ZNaira,
  /** The level's fixed price; null: none. */
  levelPrice: ZNaira.nullable(),
  /** What the level's agents pay. */
  price: ZNaira,
  /** Which rule made `price`. */
  rule: z.enum(PRICE_RULES),
  /** What the upstream charges the provider; null while the catalogue does not keep it. */
  upstreamCost: ZNaira.nullable(),
  /** The provider's margin at the level's price (price less upstream cost); null while the cost is unknown. */
  margin: ZNaira.nullable(),
  enabled: z.boolean(),
  listed: z.boolean(),
});
export type TPriceLevelPlan = z.infer<typeof ZPriceLevelPlan>;

export const listPriceLevelPlans = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/price-levels/:id/services/:serviceId/variations',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'A service’s plans as a level sells them, by cursor: the catalogue’s price, the level’s and the result',
  params: ZServiceParams,
  query: z.strictObject({ cursor: ZLevelCursor, limit: ZPageLimit, q: ZLevelSearch }),
  paginated: true,
  data: z.array(ZPriceLevelPlan),
});

export const setPriceLevelDiscount = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/admin/price-levels/:id/services/:serviceId',
  auth: 'operator',
  roles: EDITORS,
  tags: ['Operator'],
  summary:
    'Set a level’s discount for a service (its plans without a fixed price of the level’s own are face value less it), or null to follow the catalogue',
  params: ZServiceParams,
  body: z.strictObject({ discountPercent: ZPercent('Discount').nullable() }),
  data: z.object({ levelId: z.string(), serviceId: z.string(), discountPercent: z.string().nullable() }),
});

export const setPriceLevelPrice = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/admin/price-levels/:id/services/:serviceId/variations/:code',
  auth: 'operator',
  roles: EDITORS,
  tags: ['Operator'],
  summary: 'Set a level’s fixed price for a plan, in naira, or null to price it by the discounts again',
  params: ZPlanParams,
  body: z.strictObject({ price: ZNairaAmount.nullable() }),
  data: z.object({ levelId: z.string(), serviceId: z.string(), code: z.string(), price: ZNaira.nullable() }),
});

export const moveAgentToPriceLevel = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/admin/agents/:id/price-level',
  auth: 'operator',
  roles: EDITORS,
  tags: ['Operator'],
  summary: 'Move an agent to a price level: their next purchase, on any door, is priced by it',
  params: z.strictObject({ id: z.uuid('id is not valid') }),
  body: z.strictObject({ levelId: z.uuid('levelId is not valid') }),
  data: z.object({ agentId: z.string(), level: z.object({ id: z.string(), name: z.string() }) }),
});

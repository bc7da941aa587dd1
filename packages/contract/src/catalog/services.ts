import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZNaira } from '../money.js';

export const SERVICE_CATEGORIES = ['airtime', 'data', 'electricity', 'cable', 'result-checker'] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export const ZVariation = z.object({
  code: z.string(),
  name: z.string(),
  /** What the customer gets, at face value. */
  faceValue: ZNaira,
  /** What the agent pays. */
  price: ZNaira,
});

export const ZService = z.object({
  category: z.enum(SERVICE_CATEGORIES),
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  productType: z.enum(['fix', 'flexible']),
  minAmount: ZNaira.nullable(),
  maxAmount: ZNaira.nullable(),
  /** The agent's discount on amounts they choose (airtime, electricity), as a percent string. */
  discountPercent: z.string(),
  variations: z.array(ZVariation),
});
export type TService = z.infer<typeof ZService>;

export const listServices = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/services',
  auth: 'agent',
  tags: ['Services'],
  summary: 'What the agent can sell, with face values and the agent’s prices',
  query: z.strictObject({ category: z.enum(SERVICE_CATEGORIES).optional() }),
  data: z.array(ZService),
});

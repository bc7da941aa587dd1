import { z } from 'zod';
import { ZService } from '../catalog/services.js';
import { defineEndpoint } from '../endpoint.js';

/**
 * What an agent can buy through the reseller API: the same catalogue and prices as the
 * dashboard, with the body each service takes at `POST /api/v1/agent/purchases`.
 */
export const ZApiService = ZService.extend({
  /** The `service` value of a purchase body for this product. */
  purchaseService: z.enum(['airtime', 'data', 'electricity', 'cable', 'result-checker']),
});
export type TApiService = z.infer<typeof ZApiService>;

export const listApiServices = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/api/services',
  auth: 'agent',
  tags: ['API'],
  summary: 'Services, plans, face values and the agent’s prices available through the API',
  data: z.array(ZApiService),
});

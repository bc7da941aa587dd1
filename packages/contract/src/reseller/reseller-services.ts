import { listApiServices } from '../api/api-services.js';
import { defineEndpoint } from '../endpoint.js';

export const resellerServices = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reseller/services',
  auth: 'apiKey',
  tags: ['Reseller API'],
  summary: 'What can be bought: services, plans, face values and your prices, with the purchase body’s `service`',
  data: listApiServices.data.meta({
    examples: [
      [
        {
          category: 'data',
          id: 'mtn-data',
          name: 'MTN Data',
          image: null,
          productType: 'fix',
          minAmount: null,
          maxAmount: null,
          discountPercent: '3.00',
          variations: [{ code: 'mtn-1gb-500', name: 'MTN 1GB (30 days)', faceValue: '500.00', price: '485.00' }],
          purchaseService: 'data',
        },
      ],
    ],
  }),
});

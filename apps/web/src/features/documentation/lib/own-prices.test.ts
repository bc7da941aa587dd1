import type { TApiService } from '@agentdesk/contract/api/api-services';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../api/get-openapi-document';
import { withOwnPrices } from './own-prices';

const SERVICE_EXAMPLE = {
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
};
const ORDER_EXAMPLE = {
  requestId: 'shop-1',
  serviceId: 'mtn',
  faceValue: '333.00',
  price: '326.34',
  status: 'delivered',
};
const media = (data: unknown) => ({
  content: { 'application/json': { schema: {}, example: { message: 'OK', data } } },
});

const DOCUMENT: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'AgentDesk API' },
  paths: {
    '/api/v1/reseller/services': { get: { tags: ['Reseller API'], responses: { 200: media([SERVICE_EXAMPLE]) } } },
    '/api/v1/reseller/purchases/{requestId}': {
      get: { tags: ['Reseller API'], responses: { 200: media(ORDER_EXAMPLE) } },
      parameters: [],
    },
    '/api/v1/agent/services': { get: { tags: ['Services'], responses: { 200: media([SERVICE_EXAMPLE]) } } },
  },
};

// The agent's catalogue at their level: 5 % on MTN data with a fixed plan price, 4.5 % on airtime.
const OWN: TApiService[] = [
  {
    ...(SERVICE_EXAMPLE as TApiService),
    discountPercent: '5.00',
    variations: [
      { code: 'mtn-110mb-100', name: 'MTN 110MB', faceValue: '100.00', price: '90.00' },
      { code: 'mtn-1gb-500', name: 'MTN 1GB (30 days)', faceValue: '500.00', price: '475.00' },
    ],
  },
  {
    category: 'airtime',
    id: 'mtn',
    name: 'MTN Airtime VTU',
    image: null,
    productType: 'flexible',
    minAmount: '50.00',
    maxAmount: '50000.00',
    discountPercent: '4.50',
    variations: [],
    purchaseService: 'airtime',
  },
];

const exampleOf = (document: OpenApiDocument, path: string) =>
  (document.paths[path] as { get: { responses: Record<string, ReturnType<typeof media>> } }).get.responses[200]!
    .content['application/json'].example.data;

describe('the reference’s examples at the agent’s own prices', () => {
  it('shows the example’s services and plans as the agent buys them', () => {
    const shown = withOwnPrices(DOCUMENT, OWN);
    expect(exampleOf(shown, '/api/v1/reseller/services')).toEqual([
      {
        ...OWN[0],
        variations: [{ code: 'mtn-1gb-500', name: 'MTN 1GB (30 days)', faceValue: '500.00', price: '475.00' }],
      },
    ]);
  });

  it('prices an example order of an amount at the agent’s discount, in the provider’s favour by the kobo', () => {
    const shown = withOwnPrices(DOCUMENT, OWN);
    // 4.5 % of ₦333 is 1,498.5 kobo: 1,498 off.
    expect(exampleOf(shown, '/api/v1/reseller/purchases/{requestId}')).toEqual({ ...ORDER_EXAMPLE, price: '318.02' });
  });

  it('leaves what it cannot price as it is, and every other path untouched', () => {
    const shown = withOwnPrices(DOCUMENT, []);
    expect(exampleOf(shown, '/api/v1/reseller/services')).toEqual([SERVICE_EXAMPLE]);
    expect(exampleOf(shown, '/api/v1/reseller/purchases/{requestId}')).toEqual(ORDER_EXAMPLE);
    expect(withOwnPrices(DOCUMENT, OWN).paths['/api/v1/agent/services']).toBe(DOCUMENT.paths['/api/v1/agent/services']);
    expect(exampleOf(DOCUMENT, '/api/v1/reseller/services')).toEqual([SERVICE_EXAMPLE]);
  });
});

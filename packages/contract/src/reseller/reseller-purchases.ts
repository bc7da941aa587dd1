import { defineEndpoint } from '../endpoint.js';
import { z } from 'zod';
import { createPurchase, getPurchase, ZPurchaseRequest, ZRequestId } from '../purchases/purchase.js';

const ORDER_EXAMPLE = {
  requestId: 'shop-20261122-0001',
  status: 'delivered',
  service: 'airtime',
  serviceId: 'mtn',
  productName: 'MTN Airtime VTU',
  recipient: '08031234567',
  quantity: 1,
  faceValue: '500.00',
  price: '490.00',
  message: 'TRANSACTION SUCCESSFUL',
  result: { token: null, units: null, customerName: null, customerAddress: null, cards: [], pin: null },
  transactionId: '0b6f7c1e-3c0d-4a53-9f5e-6c1d2b7a9e10',
  refundTransactionId: null,
  createdAt: '2026-11-22T08:00:00.000Z',
  settledAt: '2026-11-22T08:00:01.000Z',
} as const;

export const resellerCreatePurchase = defineEndpoint({
  method: 'POST',
  path: '/api/v1/reseller/purchases',
  auth: 'apiKey',
  status: 201,
  tags: ['Reseller API'],
  summary:
    'Buy a service (201). The same requestId with the same body answers the same order (200) and never charges twice; with another body it is a 409.',
  // Named examples (`x-examples` becomes the media type's examples): zod leaves `examples` out
  // of a schema that transforms its input, as this one does (amounts become kobo).
  body: ZPurchaseRequest.meta({
    'x-examples': {
      airtime: {
        summary: 'Airtime',
        value: {
          service: 'airtime',
          requestId: 'shop-20261122-0001',
          network: 'mtn',
          phone: '08031234567',
          amount: '500',
        },
      },
      data: {
        summary: 'A data plan',
        value: {
          service: 'data',
          requestId: 'shop-20261122-0002',
          network: 'mtn',
          planCode: 'mtn-1gb-500',
          phone: '08031234567',
        },
      },
      electricity: {
        summary: 'An electricity token',
        value: {
          service: 'electricity',
          requestId: 'shop-20261122-0003',
          disco: 'ikeja-electric',
          meterType: 'prepaid',
          meterNumber: '1111111111111',
          amount: '5000',
          phone: '08031234567',
        },
      },
      jamb: {
        summary:
          'A JAMB UTME PIN, for a profile ID verified with GET /validate/jamb-profile (the PIN is in result.pin)',
        value: {
          service: 'result-checker',
          requestId: 'shop-20261122-0004',
          exam: 'jamb',
          variationCode: 'utme',
          profileId: '0123456789',
          quantity: 1,
          phone: '08031234567',
        },
      },
    },
  }),
  data: createPurchase.data.meta({ examples: [ORDER_EXAMPLE] }),
});

export const resellerGetPurchase = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reseller/purchases/:requestId',
  auth: 'apiKey',
  tags: ['Reseller API'],
  summary: 'The state of one of your purchases by its requestId (another agent’s is a 404)',
  params: z.strictObject({ requestId: ZRequestId.meta({ examples: ['shop-20261122-0001'] }) }),
  data: getPurchase.data.meta({ examples: [ORDER_EXAMPLE] }),
});

export const resellerRecheckPurchase = defineEndpoint({
  method: 'POST',
  path: '/api/v1/reseller/purchases/:requestId/recheck',
  auth: 'apiKey',
  tags: ['Reseller API'],
  summary:
    'Ask the provider now what became of one of your pending purchases, and answer its state. It is settled only on a definitive answer, never refunded on a guess; a settled purchase is a 409. Limited to 3 per purchase in 5 minutes and 30 per account in 15 minutes.',
  params: z.strictObject({ requestId: ZRequestId.meta({ examples: ['shop-20261122-0001'] }) }),
  data: getPurchase.data.meta({ examples: [ORDER_EXAMPLE] }),
});

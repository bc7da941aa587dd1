import { describe, expect, it } from 'vitest';
import type { PayRequest } from '../upstream.js';
import { payBody } from './vtpass-adapter.js';

const base = { requestId: '202611251200abcdefghijkl', phone: '08031234567' };

/** What each product's pay sends: the fields the upstream documents for it, and no others (decision 030). */
describe('a pay’s body, product by product', () => {
  const cases: Array<[string, PayRequest, Record<string, unknown>]> = [
    [
      'airtime: no billersCode',
      { ...base, service: 'airtime', serviceId: 'mtn', billersCode: '08031234567', amount: 50_000n },
      { request_id: base.requestId, serviceID: 'mtn', amount: '500.00', phone: '08031234567' },
    ],
    [
      'data: the variation prices it, no amount',
      {
        ...base,
        service: 'data',
        serviceId: 'mtn-data',
        billersCode: '08031234567',
        variationCode: 'mtn-1gb-500',
        amount: 50_000n,
      },
      {
        request_id: base.requestId,
        serviceID: 'mtn-data',
        billersCode: '08031234567',
        variation_code: 'mtn-1gb-500',
        phone: '08031234567',
      },
    ],
    [
      'electricity: meter, type and amount',
      {
        ...base,
        service: 'electricity',
        serviceId: 'ikeja-electric',
        billersCode: '1111111111111',
        variationCode: 'prepaid',
        amount: 500_000n,
      },
      {
        request_id: base.requestId,
        serviceID: 'ikeja-electric',
        billersCode: '1111111111111',
        variation_code: 'prepaid',
        amount: '5000.00',
        phone: '08031234567',
      },
    ],
    [
      'cable renewal: the renewal amount, no variation',
      {
        ...base,
        service: 'cable',
        serviceId: 'dstv',
        billersCode: '1212121212',
        amount: 1_900_000n,
        subscriptionType: 'renew',
      },
      {
        request_id: base.requestId,
        serviceID: 'dstv',
        billersCode: '1212121212',
        amount: '19000.00',
        phone: '08031234567',
        subscription_type: 'renew',
      },
    ],
    [
      'cable change: the bouquet',
      {
        ...base,
        service: 'cable',
        serviceId: 'dstv',
        billersCode: '1212121212',
        variationCode: 'dstv79',
        amount: 1_900_000n,
        subscriptionType: 'change',
      },
      {
        request_id: base.requestId,
        serviceID: 'dstv',
        billersCode: '1212121212',
        variation_code: 'dstv79',
        amount: '19000.00',
        phone: '08031234567',
        subscription_type: 'change',
      },
    ],
    [
      'WAEC: no billersCode, a quantity',
      {
        ...base,
        service: 'result-checker',
        serviceId: 'waec',
        billersCode: '08031234567',
        variationCode: 'waecdirect',
        amount: 1_170_000n,
        quantity: 3,
      },
      {
        request_id: base.requestId,
        serviceID: 'waec',
        variation_code: 'waecdirect',
        quantity: 3,
        phone: '08031234567',
      },
    ],
    [
      'JAMB: the candidate’s profile ID as billersCode',
      {
        ...base,
        service: 'result-checker',
        serviceId: 'jamb',
        billersCode: '0123456789',
        variationCode: 'utme',
        amount: 470_000n,
      },
      {
        request_id: base.requestId,
        serviceID: 'jamb',
        billersCode: '0123456789',
        variation_code: 'utme',
        phone: '08031234567',
      },
    ],
  ];

  it.each(cases)('%s', (_name, request, body) => {
    expect(payBody(request)).toEqual(body);
  });
});

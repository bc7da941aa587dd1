import { describe, expect, it } from 'vitest';
import type { PayRequest } from '../upstream.js';
import { purchaseOf } from './clubkonnect-adapter.js';
import { STATUS_CODES } from './clubkonnect-codes.js';
import {
  readCablePackages,
  readDataPlans,
  readDiscos,
  readExamPackages,
  readOrderAnswer,
  readVerifyAnswer,
} from './clubkonnect-parse.js';
import { isClubkonnectRequestId, newClubkonnectRequestId } from './clubkonnect-request-id.js';

const verdict = (body: unknown, call: 'pay' | 'requery') => readOrderAnswer(body, call).verdict;
const ORDER = '6501321715';

describe('every documented status code, read as the answer to a pay and to a requery', () => {
  const expected: Array<[codes: string[], pay: string, payWithOrder: string, requery: string]> = [
    [['200'], 'delivered', 'delivered', 'delivered'],
    // Received, processed, completed without the network's reply or unspecified, on hold: not final.
    [
      ['100', '199', '300', '399', '201', '299', '600', '601', '602', '603', '604', '605', '606', '699'],
      'unknown',
      'unknown',
      'unknown',
    ],
    // Cancelled: Clubkonnect credited its own wallet back.
    [
      [
        '500',
        '501',
        '506',
        '507',
        '508',
        '509',
        '510',
        '511',
        '512',
        '513',
        '514',
        '515',
        '516',
        '517',
        '518',
        '519',
        '520',
        '599',
      ],
      'failed',
      'failed',
      'failed',
    ],
    // "Already completed, cancelled or refunded": it may have been delivered.
    [['521'], 'unknown', 'unknown', 'unknown'],
    // The call's arguments: a pay not taken (no order) fails; a query so refused says nothing.
    [['404', '405', '406', '407', '408', '409', '418', '499'], 'failed', 'unknown', 'unknown'],
    // The provider's account: refused, unless an order came back with it.
    [
      ['400', '401', '402', '403', '410', '411', '412', '413', '414', '415', '416', '417'],
      'refused',
      'unknown',
      'refused',
    ],
  ];

  it.each(expected)('%j: pay %s (with an order id %s), requery %s', (codes, pay, payWithOrder, requery) => {
    for (const statuscode of codes) {
      expect(STATUS_CODES[statuscode], statuscode).toBeDefined();
      expect(verdict({ statuscode, status: STATUS_CODES[statuscode]!.status }, 'pay'), statuscode).toBe(pay);
      expect(verdict({ orderid: ORDER, statuscode }, 'pay'), statuscode).toBe(payWithOrder);
      expect(verdict({ orderid: ORDER, statuscode }, 'requery'), statuscode).toBe(requery);
    }
  });

  it('covers the whole documented table and nothing else', () => {
    expect(expected.flatMap(([codes]) => codes).sort()).toEqual(Object.keys(STATUS_CODES).sort());
  });

  it('reads an undocumented code, with a number for a string, as unknown on both calls', () => {
    expect(readOrderAnswer({ orderid: ORDER, statuscode: 777, status: 'ORDER_MYSTERY' }, 'pay')).toMatchObject({
      verdict: 'unknown',
      code: '777',
      upstreamTransactionId: ORDER,
    });
    expect(verdict({ statuscode: 200 }, 'requery')).toBe('delivered');
    expect(verdict({ statuscode: '777' }, 'requery')).toBe('unknown');
  });
});

describe('bare tokens and odd answers', () => {
  it('reads credential, balance and whitelisting refusals as refused, on both calls', () => {
    for (const status of ['INVALID_CREDENTIALS', 'MISSING_APIKEY', 'INSUFFICIENT_BALANCE', 'IP_NOT_WHITELISTED']) {
      expect(verdict({ status }, 'pay'), status).toBe('refused');
      expect(verdict({ status }, 'requery'), status).toBe('refused');
    }
  });

  it('fails a pay refused for its arguments, and spells as a white-label copy does', () => {
    expect(readOrderAnswer({ status: 'INVALID_RECIPIENT' }, 'pay')).toMatchObject({
      verdict: 'failed',
      code: 'INVALID_RECIPIENT',
    });
    expect(verdict({ status: 'INVALID_ AMOUNT' }, 'pay')).toBe('failed');
    expect(verdict({ status: 'ORDER_ERROR', remark: 'INVALID_DATAPLAN' }, 'pay')).toBe('failed');
    // The same on a query describes the call, not the order.
    expect(verdict({ status: 'INVALID_RECIPIENT' }, 'requery')).toBe('unknown');
  });

  it('reads "no such id" as unknown-request on a requery only (on a pay it may be a reused id)', () => {
    expect(verdict({ status: 'INVALID_REQUESTID' }, 'requery')).toBe('unknown-request');
    expect(verdict({ status: 'INVALID_ORDERID' }, 'requery')).toBe('unknown-request');
    expect(verdict({ status: 'INVALID_REQUESTID' }, 'pay')).toBe('unknown');
  });

  it('never fails on words it does not know, nor on statuses without their code', () => {
    for (const body of [
      { status: 'SOMETHING_NEW' },
      { status: 'ORDER_CANCELLED' },
      { status: 'ORDER_COMPLETED' },
      { status: 'TXN_HISTORY', orderstatus: 'ORDER_CANCELLED' },
      { status: 'ORDER_PROCESSING' },
      {},
      [],
      'ORDER_COMPLETED',
      null,
    ]) {
      expect(verdict(body, 'pay'), JSON.stringify(body)).toBe('unknown');
      expect(verdict(body, 'requery'), JSON.stringify(body)).toBe('unknown');
    }
    expect(readOrderAnswer({}, 'pay').code).toBe('unexpected');
  });

  it('reads a query in its history form by the code it carries', () => {
    expect(
      readOrderAnswer(
        { status: 'TXN_HISTORY', statuscode: '200', orderstatus: 'ORDER_COMPLETED', orderremark: 'Topped up N100.00' },
        'requery',
      ),
    ).toMatchObject({ verdict: 'delivered', message: 'Topped up N100.00' });
  });
});

describe('what a delivery carries', () => {
  it('reads a prepaid token, units, the customer and what was charged', () => {
    const outcome = readOrderAnswer(
      {
        orderid: ORDER,
        statuscode: '200',
        status: 'ORDER_COMPLETED',
        meterno: '45021000200',
        metertoken: '1234-5678-9012-3456-7890',
        units: '23.9 kWh',
        customer_name: 'ADA OKAFOR',
        address: '12 Adeola Odeku',
        amountcharged: '4,950.00',
      },
      'requery',
    );
    expect(outcome).toMatchObject({
      verdict: 'delivered',
      upstreamTransactionId: ORDER,
      token: '1234 5678 9012 3456 7890',
      units: '23.9 kWh',
      customerName: 'ADA OKAFOR',
      customerAddress: '12 Adeola Odeku',
      amountCharged: 495_000n,
    });
  });

  it('reads WAEC cards from carddetails, and a JAMB PIN without a serial', () => {
    const waec = readOrderAnswer(
      { statuscode: '200', orderid: ORDER, carddetails: 'Serial No:WRN123456789, pin: 572812345678' },
      'pay',
    );
    expect(waec.cards).toEqual([{ serial: 'WRN123456789', pin: '572812345678' }]);
    expect(waec.pin).toBeNull();
    const jamb = readOrderAnswer({ statuscode: '200', orderid: ORDER, carddetails: 'pin: 3678251321392432' }, 'pay');
    expect(jamb).toMatchObject({ cards: [], pin: '3678251321392432' });
  });
});

describe('verify answers', () => {
  it('takes a name, refuses an INVALID_ token, and knows nothing from an answer without a name', () => {
    expect(readVerifyAnswer({ customer_name: 'JOHN DOE', address: '3 Allen Avenue' }, 'meter number')).toMatchObject({
      ok: true,
      customerName: 'JOHN DOE',
      details: { Address: '3 Allen Avenue' },
    });
    expect(readVerifyAnswer({ customer_name: 'INVALID_SMARTCARDNO' }, 'smartcard number')).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'The smartcard number was not recognised by the biller',
    });
    expect(readVerifyAnswer({ status: 'INVALID_CREDENTIALS' }, 'meter number')).toMatchObject({
      ok: false,
      reason: 'unreachable',
    });
    expect(readVerifyAnswer({ customer_name: '' }, 'meter number')).toMatchObject({ reason: 'unreachable' });
  });
});

describe('catalogues, read by what their objects carry', () => {
  const plans = {
    MOBILE_NETWORK: {
      MTN: [
        {
          ID: '01',
          PRODUCT: [
            {
              PRODUCT_SNO: '1',
              PRODUCT_CODE: '1',
              PRODUCT_ID: '500.0',
              PRODUCT_NAME: '500 MB - 30 days',
              PRODUCT_AMOUNT: '140.00',
            },
          ],
        },
      ],
      m_9mobile: [{ ID: '03', PRODUCT: [{ PRODUCT_ID: '1000.01', PRODUCT_NAME: '1 GB', PRODUCT_AMOUNT: 1000 }] }],
      Airtel: [{ PRODUCT: [{ PRODUCT_ID: '2000', PRODUCT_NAME: '2 GB', PRODUCT_AMOUNT: '1,500' }] }],
    },
  };

  it('data plans per network, by PRODUCT_ID (what DataPlan takes), under an ID or a network name', () => {
    expect(readDataPlans(plans, '01')).toEqual([
      { code: '500.0', name: '500 MB - 30 days', amount: 14_000n, fixedPrice: true },
    ]);
    expect(readDataPlans(plans, '03').map((p) => p.code)).toEqual(['1000.01']);
    expect(readDataPlans(plans, '04')).toEqual([{ code: '2000', name: '2 GB', amount: 150_000n, fixedPrice: true }]);
    expect(readDataPlans(plans, '02')).toEqual([]);
  });

  it('cable packages, discos with their bounds, exam packages', () => {
    const tv = {
      TV_ID: {
        DStv: [
          { ID: 'dstv', PRODUCT: [{ PACKAGE_ID: 'dstv79', PACKAGE_NAME: 'Compact', PACKAGE_AMOUNT: '19000.00' }] },
        ],
        GOtv: [{ ID: 'gotv', PRODUCT: [{ PACKAGE_ID: 'gotv-max', PACKAGE_NAME: 'Max', PACKAGE_AMOUNT: '8500' }] }],
      },
    };
    expect(readCablePackages(tv, 'dstv')).toEqual([
      { code: 'dstv79', name: 'Compact', amount: 1_900_000n, fixedPrice: true },
    ]);
    expect(readCablePackages(tv, 'startimes')).toEqual([]);
    const discos = {
      ELECTRIC_COMPANY: {
        EKO_ELECTRIC: [
          {
            ID: '01',
            NAME: 'Eko Electric - EKEDC',
            PRODUCT: [
              { PRODUCT_TYPE: 'prepaid', MINIMUM_AMOUNT: '1000', MAXIMUM_AMOUNT: '200000' },
              { PRODUCT_TYPE: 'postpaid', MINIMUM_AMOUNT: '500', MAXIMUM_AMOUNT: '500000' },
            ],
          },
        ],
      },
    };
    expect(readDiscos(discos)).toEqual([
      { code: '01', name: 'Eko Electric - EKEDC', minimum: 50_000n, maximum: 50_000_000n },
    ]);
    expect(
      readExamPackages({
        EXAM_TYPE: [
          { PRODUCT_CODE: 'waecdirect', PRODUCT_DESCRIPTION: 'WAEC Result Checker PIN', PRODUCT_AMOUNT: '3900' },
        ],
      }),
    ).toEqual([{ code: 'waecdirect', name: 'WAEC Result Checker PIN', amount: 390_000n, fixedPrice: true }]);
  });
});

describe('a purchase as Clubkonnect takes it', () => {
  const base: PayRequest = {
    requestId: '2602071830ABCDEFGHIJ',
    service: 'airtime',
    serviceId: 'mtn',
    billersCode: '08031234567',
    amount: 50_000n,
    phone: '08031234567',
  };

  it('names each product’s documented parameters, with two-digit network, disco and meter codes', () => {
    expect(purchaseOf({ ...base, serviceId: 'airtel' })).toEqual({
      path: 'APIAirtimeV1.asp',
      params: { MobileNetwork: '04', Amount: '500', MobileNumber: '08031234567' },
    });
    expect(
      purchaseOf({
        ...base,
        service: 'data',
        serviceId: 'etisalat-data',
        variationCode: '1000.01',
        billersCode: '08091112222',
      }),
    ).toEqual({
      path: 'APIDatabundleV1.asp',
      params: { MobileNetwork: '03', DataPlan: '1000.01', MobileNumber: '08091112222' },
    });
    expect(
      purchaseOf({
        ...base,
        service: 'electricity',
        serviceId: 'ikeja-electric',
        variationCode: 'postpaid',
        billersCode: '45021000200',
        amount: 500_000n,
      }),
    ).toEqual({
      path: 'APIElectricityV1.asp',
      params: {
        ElectricCompany: '02',
        MeterType: '02',
        MeterNo: '45021000200',
        Amount: '5000',
        PhoneNo: '08031234567',
      },
    });
    expect(
      purchaseOf({
        ...base,
        service: 'cable',
        serviceId: 'gotv',
        variationCode: 'gotv-max',
        billersCode: '7021000200',
      }),
    ).toEqual({
      path: 'APICableTVV1.asp',
      params: { CableTV: 'gotv', Package: 'gotv-max', SmartCardNo: '7021000200', PhoneNo: '08031234567' },
    });
    expect(purchaseOf({ ...base, service: 'result-checker', serviceId: 'waec', variationCode: 'waecdirect' })).toEqual({
      path: 'APIWAECV1.asp',
      params: { ExamType: 'waecdirect', PhoneNo: '08031234567' },
    });
    expect(
      purchaseOf({
        ...base,
        service: 'result-checker',
        serviceId: 'jamb',
        variationCode: 'de',
        billersCode: '6021000200',
      }),
    ).toEqual({ path: 'APIJAMBV1.asp', params: { ExamType: 'de', PhoneNo: '08031234567', ProfileID: '6021000200' } });
  });

  it('never sends what Clubkonnect cannot be asked', () => {
    const notSent = [
      { ...base, serviceId: 'smile' },
      { ...base, amount: 50_050n },
      { ...base, service: 'cable' as const, serviceId: 'dstv', subscriptionType: 'renew' as const },
      { ...base, service: 'result-checker' as const, serviceId: 'waec', variationCode: 'waecdirect', quantity: 3 },
      { ...base, service: 'result-checker' as const, serviceId: 'neco', variationCode: 'neco' },
      { ...base, service: 'electricity' as const, serviceId: 'eko-electric', variationCode: 'smart' },
    ];
    for (const request of notSent)
      expect(
        purchaseOf(request),
        JSON.stringify(request, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
      ).toHaveProperty('notSent');
  });
});

describe('request ids', () => {
  it('are 20 upper-case alphanumerics, the Lagos minute first, and never repeat', () => {
    const at = new Date('2026-02-07T23:30:00Z');
    const id = newClubkonnectRequestId(at);
    expect(id).toMatch(/^2602080030[A-Z0-9]{10}$/);
    expect(isClubkonnectRequestId(id)).toBe(true);
    expect(new Set(Array.from({ length: 1000 }, () => newClubkonnectRequestId(at))).size).toBe(1000);
  });
});

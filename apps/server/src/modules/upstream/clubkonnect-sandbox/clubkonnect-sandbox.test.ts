import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { registerClubkonnectSandbox, type ClubkonnectSandboxOptions } from './clubkonnect-sandbox.routes.js';
import { BEHAVIOURS, testValue } from './outcomes.js';

const CREDENTIALS = { userId: 'CK100777001', apiKey: 'SandboxKey0123456789abcdef' };
const PREFIX = '/sandbox/clubkonnect/';
type Answer = Record<string, unknown>;

const started: FastifyInstance[] = [];
afterAll(() => Promise.all(started.map((app) => app.close())));

/**
 * The sandbox on a free loopback port, called as the protocol documents: GET, every parameter in
 * the query string, spelt as Clubkonnect spells them.
 */
async function sandbox(options: Partial<ClubkonnectSandboxOptions> = {}, app = Fastify()) {
  started.push(app);
  await registerClubkonnectSandbox(app, { prefix: PREFIX, ...CREDENTIALS, balance: 100_000, ...options });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const call = async (
    script: string,
    params: Record<string, string>,
    init: { method?: string; key?: boolean } = {},
  ) => {
    const query = new URLSearchParams({
      ...(init.key === false ? {} : { UserID: CREDENTIALS.userId, APIKey: CREDENTIALS.apiKey }),
      ...params,
    });
    const response = await fetch(`${address}${PREFIX}${script}?${query.toString()}`, { method: init.method ?? 'GET' });
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) as Answer };
  };
  const get = async (script: string, params: Record<string, string> = {}) => (await call(script, params)).json();
  return { call, get };
}

let sequence = 0;
const requestId = () => `SBX${Date.now()}${++sequence}`;

describe('the Clubkonnect sandbox, as the protocol documents it', () => {
  it('asks every script but the catalogues for the UserID and APIKey, and refuses them with bare tokens', async () => {
    const { call, get } = await sandbox();
    const airtime = {
      MobileNetwork: '01',
      Amount: '100',
      MobileNumber: testValue('phone', '200'),
      RequestID: requestId(),
    };
    expect((await call('APIAirtimeV1.asp', { APIKey: CREDENTIALS.apiKey, ...airtime }, { key: false })).json()).toEqual(
      {
        status: 'MISSING_USERID',
      },
    );
    expect((await call('APIAirtimeV1.asp', { UserID: CREDENTIALS.userId, ...airtime }, { key: false })).json()).toEqual(
      {
        status: 'MISSING_APIKEY',
      },
    );
    for (const script of ['APIAirtimeV1.asp', 'APIQueryV1.asp', 'APIWalletBalanceV1.asp', 'APIVerifyCableTVV1.asp']) {
      const wrong = await call(script, { UserID: CREDENTIALS.userId, APIKey: 'wrong', ...airtime }, { key: false });
      expect(wrong.status, script).toBe(200);
      expect(wrong.json(), script).toEqual({ status: 'INVALID_CREDENTIALS' });
    }
    const plans = (await call('APIDatabundlePlansV2.asp', { UserID: CREDENTIALS.userId }, { key: false })).json();
    expect(plans).toMatchObject({ MOBILE_NETWORK: { MTN: [{ ID: '01', PRODUCT: expect.any(Array) }] } });
    expect(await get('APIWalletBalanceV1.asp')).toMatchObject({ balance: '100000.00' });
  });

  it('serves the catalogues in the shapes integrators read', async () => {
    const { get } = await sandbox();
    const plans = await get('APIDatabundlePlansV2.asp');
    expect(Object.keys(plans.MOBILE_NETWORK as Answer)).toEqual(['MTN', 'Glo', 'm_9mobile', 'Airtel']);
    expect((plans.MOBILE_NETWORK as Record<string, Answer[]>).MTN![0]!.PRODUCT).toContainEqual({
      PRODUCT_SNO: '1',
      PRODUCT_CODE: '1',
      PRODUCT_ID: '500.0',
      PRODUCT_NAME: '500 MB - 30 days (SME)',
      PRODUCT_AMOUNT: '350.00',
    });
    expect(await get('APICableTVPackagesV2.asp')).toMatchObject({
      TV_ID: {
        DStv: [
          {
            ID: 'dstv',
            PRODUCT: expect.arrayContaining([
              { PACKAGE_ID: 'dstv79', PACKAGE_NAME: 'DStv Compact N19,000', PACKAGE_AMOUNT: '19000.00' },
            ]),
          },
        ],
      },
    });
    expect(await get('APIElectricityDiscosV1.asp')).toMatchObject({
      ELECTRIC_COMPANY: { IKEJA_ELECTRIC: [{ ID: '02', NAME: 'Ikeja Electric - IKEDC' }] },
    });
    expect(await get('APIWAECPackagesV2.asp')).toMatchObject({
      EXAM_TYPE: [{ PRODUCT_CODE: 'waecdirect' }, { PRODUCT_CODE: 'waec-registraion' }],
    });
  });

  it('takes a two-digit MobileNetwork only, and refuses bad arguments before any order', async () => {
    const { get } = await sandbox();
    const buy = (params: Record<string, string>) =>
      get('APIAirtimeV1.asp', {
        MobileNetwork: '01',
        Amount: '200',
        MobileNumber: '08031234567',
        RequestID: requestId(),
        ...params,
      });
    expect(await buy({ MobileNetwork: '1' })).toEqual({ status: 'INVALID_MOBILENETWORK' });
    expect(await buy({ MobileNetwork: '' })).toEqual({ status: 'MISSING_MOBILENETWORK' });
    expect(await buy({ Amount: '' })).toEqual({ status: 'MISSING_AMOUNT' });
    expect(await buy({ Amount: 'ten' })).toEqual({ status: 'INVALID_AMOUNT' });
    expect(await buy({ Amount: '50' })).toEqual({ status: 'MINIMUM_100' });
    expect(await buy({ Amount: '50001' })).toEqual({ status: 'MINIMUM_50000' });
    expect(await buy({ MobileNumber: '0803' })).toEqual({ status: 'INVALID_RECIPIENT' });
    expect(
      await get('APIDatabundleV1.asp', {
        MobileNetwork: '02',
        DataPlan: '500.0',
        MobileNumber: '08051234567',
        RequestID: requestId(),
      }),
    ).toEqual({ status: 'INVALID_DATAPLAN' });
    expect(await get('APIWalletBalanceV1.asp')).toMatchObject({ balance: '100000.00' });
  });

  it('answers a purchase with its order id and code, and a query by RequestID or OrderID with the order', async () => {
    const { call, get } = await sandbox();
    const id = requestId();
    const pay = await get('APIAirtimeV1.asp', {
      MobileNetwork: '01',
      Amount: '100',
      MobileNumber: testValue('phone', '100'),
      RequestID: id,
      CallBackURL: 'http://127.0.0.1:9/none',
    });
    expect(pay).toEqual({
      orderid: expect.stringMatching(/^\d{10}$/),
      statuscode: '100',
      status: 'ORDER_RECEIVED',
      requestid: id,
    });
    const byRequest = await get('APIQueryV1.asp', { RequestID: id });
    expect(byRequest).toMatchObject({
      orderid: pay.orderid,
      requestid: id,
      statuscode: '200',
      status: 'ORDER_COMPLETED',
      remark: 'Success',
      mobilenetwork: 'MTN',
      mobilenumber: testValue('phone', '100'),
      amountcharged: '97.00',
    });
    // POST with the same query string, as a few clients send it.
    const posted = await call('APIQueryV1.asp', { OrderID: pay.orderid as string }, { method: 'POST' });
    expect(posted.json()).toMatchObject({ orderid: pay.orderid, statuscode: '200' });
    expect(await get('APIQueryV1.asp', { RequestID: 'NEVERSEEN1' })).toEqual({ status: 'INVALID_REQUESTID' });
    expect(await get('APIQueryV1.asp', { OrderID: '1' })).toEqual({ status: 'INVALID_ORDERID' });
  });

  it('answers a RequestID used again with the order it made, never a second sale', async () => {
    const { get } = await sandbox();
    const id = requestId();
    const params = { MobileNetwork: '04', Amount: '1000', MobileNumber: testValue('phone', '100'), RequestID: id };
    const first = await get('APIAirtimeV1.asp', params);
    const again = await get('APIAirtimeV1.asp', params);
    expect(again).toEqual(first);
    expect(await get('APIWalletBalanceV1.asp')).toMatchObject({ balance: '99030.00' });
  });

  it('plays each scripted order: on hold twice, then cancelled with the money given back', async () => {
    const { get } = await sandbox();
    const id = requestId();
    const pay = await get('APIAirtimeV1.asp', {
      MobileNetwork: '02',
      Amount: '1000',
      MobileNumber: testValue('phone', '600'),
      RequestID: id,
    });
    expect(pay).toMatchObject({ statuscode: '600', status: 'ORDER_ONHOLD' });
    expect(await get('APIWalletBalanceV1.asp')).toMatchObject({ balance: '99030.00' });
    expect(await get('APIQueryV1.asp', { RequestID: id })).toMatchObject({
      statuscode: '600',
      remark: 'Network Error',
    });
    expect(await get('APIQueryV1.asp', { RequestID: id })).toMatchObject({
      statuscode: '506',
      status: 'ORDER_CANCELLED',
    });
    expect(await get('APIQueryV1.asp', { RequestID: id })).toMatchObject({ statuscode: '506' });
    expect(await get('APIWalletBalanceV1.asp')).toMatchObject({ balance: '100000.00' });
  });

  it('cancels an order not yet final (500, paid back) and answers 521 for a closed one', async () => {
    const { get } = await sandbox();
    const open = await get('APIAirtimeV1.asp', {
      MobileNetwork: '01',
      Amount: '500',
      MobileNumber: testValue('phone', '100'),
      RequestID: requestId(),
    });
    expect(await get('APICancelV1.asp', { OrderID: open.orderid as string })).toMatchObject({
      statuscode: '500',
      status: 'ORDER_CANCELLED',
    });
    expect(await get('APIQueryV1.asp', { OrderID: open.orderid as string })).toMatchObject({ statuscode: '500' });
    const done = await get('APIAirtimeV1.asp', {
      MobileNetwork: '01',
      Amount: '500',
      MobileNumber: testValue('phone', '200'),
      RequestID: requestId(),
    });
    expect(await get('APICancelV1.asp', { OrderID: done.orderid as string })).toMatchObject({ statuscode: '521' });
    expect(await get('APIWalletBalanceV1.asp')).toMatchObject({ balance: '99515.00' });
  });

  it('vends electricity with a token, sells WAEC cards in carddetails, subscribes cable by package', async () => {
    const { get } = await sandbox();
    const vend = await get('APIElectricityV1.asp', {
      ElectricCompany: '01',
      MeterType: '01',
      MeterNo: testValue('meter', '200'),
      Amount: '2000',
      PhoneNo: '08031234567',
      RequestID: requestId(),
    });
    expect(vend).toMatchObject({
      statuscode: '200',
      meterno: testValue('meter', '200'),
      metertoken: expect.stringMatching(/^\d{4}(-\d{4}){4}$/),
    });
    expect(
      await get('APIElectricityV1.asp', {
        ElectricCompany: '13',
        MeterType: '01',
        MeterNo: '45021000200',
        Amount: '2000',
        PhoneNo: '0803',
        RequestID: requestId(),
      }),
    ).toEqual({ status: 'INVALID_ELECTRICCOMPANY' });
    expect(
      await get('APIWAECV1.asp', { ExamType: 'waecdirect', PhoneNo: '08031234567', RequestID: requestId() }),
    ).toMatchObject({
      statuscode: '200',
      status: 'ORDER_COMPLETED',
      carddetails: expect.stringMatching(/^Serial No:WRN\d{9}, pin: \d{12}$/),
    });
    expect(
      await get('APICableTVV1.asp', {
        CableTV: 'dstv',
        Package: 'dstv79',
        SmartCardNo: testValue('smartcard', '200'),
        PhoneNo: '08031234567',
        RequestID: requestId(),
      }),
    ).toMatchObject({ statuscode: '200' });
    expect(
      await get('APICableTVV1.asp', {
        CableTV: '01',
        Package: 'dstv79',
        SmartCardNo: testValue('smartcard', '200'),
        PhoneNo: '08031234567',
        RequestID: requestId(),
      }),
    ).toEqual({ status: 'INVALID_CABLETV' });
  });

  it('verifies with customer_name, which holds the biller’s INVALID_ token for a refused number', async () => {
    const { call, get } = await sandbox();
    expect(
      await get('APIVerifyCableTVV1.asp', { CableTV: 'gotv', SmartCardNo: testValue('smartcard', '200') }),
    ).toEqual({
      customer_name: expect.stringMatching(/^[A-Z]+ [A-Z]+$/),
    });
    expect(
      await get('APIVerifyCableTVV1.0.asp', { CableTV: 'gotv', SmartCardNo: testValue('smartcard', '404') }),
    ).toEqual({
      customer_name: 'INVALID_SMARTCARDNO',
    });
    expect(
      await get('APIVerifyElectricityV1.asp', {
        ElectricCompany: '02',
        MeterNo: testValue('meter', '404'),
        MeterType: '01',
      }),
    ).toEqual({
      customer_name: 'INVALID_METERNO',
    });
    expect(await get('APIVerifyJAMBV1.asp', { ExamType: 'utme-mock', ProfileID: testValue('profile', '404') })).toEqual(
      {
        customer_name: 'INVALID_ACCOUNTNO',
      },
    );
    const outage = await call('APIVerifyElectricityV1.asp', {
      ElectricCompany: '02',
      MeterNo: testValue('meter', '503'),
      MeterType: '01',
    });
    expect(outage.status).toBe(503);
    expect(outage.text).toMatch(/Service Unavailable/);
  });

  it('strict: ordinary numbers are refused; chaos: a share of ordinary sales fails, never a test value', async () => {
    const strict = await sandbox({ strict: true });
    const buy = (get: (typeof strict)['get'], phone: string) =>
      get('APIAirtimeV1.asp', { MobileNetwork: '01', Amount: '100', MobileNumber: phone, RequestID: requestId() });
    expect(await buy(strict.get, '08031234567')).toEqual({ status: 'INVALID_RECIPIENT' });
    expect(await buy(strict.get, testValue('phone', '200'))).toMatchObject({ statuscode: '200' });
    const failing = await sandbox({ chaos: { failureRate: 1 } });
    expect(await buy(failing.get, '08031234567')).toMatchObject({ statuscode: '514', status: 'ORDER_CANCELLED' });
    expect(await buy(failing.get, testValue('phone', '200'))).toMatchObject({ statuscode: '200' });
    const half = await sandbox({ chaos: { failureRate: 0.5 }, balance: 1_000_000 });
    const answers = await Promise.all(Array.from({ length: 40 }, () => buy(half.get, '08031234567')));
    const cancelled = answers.filter((answer) => answer.statuscode === '514').length;
    expect(cancelled).toBeGreaterThan(8);
    expect(cancelled).toBeLessThan(32);
  });

  it('documents a behaviour for every test code', () => {
    expect(Object.keys(BEHAVIOURS).sort()).toEqual(
      ['100', '200', '201', '299', '409', '417', '503', '514', '516', '600', '777', '998', '999'].sort(),
    );
  });

  it('logs its requests without their query strings (the credentials)', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger: FastifyBaseLogger = pino({ level: 'info' }, destination);
    const { call, get } = await sandbox({}, Fastify({ loggerInstance: logger }));
    await get('APIAirtimeV1.asp', {
      MobileNetwork: '01',
      Amount: '100',
      MobileNumber: '08031234567',
      RequestID: requestId(),
    });
    expect((await call('APINoSuchScriptV9.asp', {})).status).toBe(404);
    const log = lines.join('');
    expect(log).toContain('/sandbox/clubkonnect/APIAirtimeV1.asp');
    expect(log).toContain('/sandbox/clubkonnect/APINoSuchScriptV9.asp');
    expect(log).not.toContain(CREDENTIALS.apiKey);
    expect(log).not.toContain(CREDENTIALS.userId);
  });
});

import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_VALUES } from './sandbox-outcomes.js';
import { registerSandbox, SANDBOX_PREFIX } from './sandbox.routes.js';

/**
 * A third-party VTpass client, @obipascal/vtpass-nodejs-sdk (npm, MIT, a dev dependency),
 * pointed at the sandbox unchanged: the only thing set besides its keys is the base URL of the
 * axios instance it exposes as `httpClient`, since it offers sandbox or production hosts only
 * (decision 030). Its own methods buy airtime, data, electricity and TV; it has none for exam
 * PINs, JAMB or requery, so those go through its `httpClient` (its auth, its transport) with
 * the documented bodies. Its ES build does not load in Node (a directory import): the
 * CommonJS build is the one a Node user gets from `require`.
 */
const require = createRequire(import.meta.url);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface SdkOptions {
  env: 'sandbox' | 'production';
  authType: 'basic' | 'apikey' | 'all';
  apiKey?: string;
  pubKey?: string;
  secKey?: string;
  username?: string;
  password?: string;
}
interface SdkClient {
  httpClient: {
    defaults: { baseURL?: string };
    get(path: string): Promise<Json>;
    post(path: string, body: Json): Promise<Json>;
  };
  generateRequestId(): string;
}
type Sdk<T> = new (options: SdkOptions) => SdkClient & T;
const sdk = require('@obipascal/vtpass-nodejs-sdk') as {
  AirtimeApis: Sdk<{ buyMtnAirtime(body: { amount: number; phone: string }): Promise<Json> }>;
  DataSubscriptionApis: Sdk<{ products(provider: string): Promise<Json>; purchase(body: Json): Promise<Json> }>;
  MeterApis: Sdk<{ verify(body: Json): Promise<Json>; purchase(body: Json): Promise<Json> }>;
  SmartcardApis: Sdk<{ verify(body: Json): Promise<Json>; purchase(body: Json): Promise<Json> }>;
};

const KEYS = { apiKey: 'sandbox-api-key', publicKey: 'PK_sandbox', secretKey: 'SK_sandbox' };
const BASIC = { username: 'sandbox@vtpass.com', password: 'sandbox' };

describe('a third-party VTpass client library buys every product from the sandbox, unchanged', () => {
  let sandbox: FastifyInstance;
  let baseUrl: string;
  const keyed: SdkOptions = {
    env: 'sandbox',
    authType: 'apikey',
    apiKey: KEYS.apiKey,
    pubKey: KEYS.publicKey,
    secKey: KEYS.secretKey,
  };
  const basic: SdkOptions = { env: 'sandbox', authType: 'basic', ...BASIC };
  /** The library's client, aimed at the sandbox: its configuration only. */
  function client<T>(Api: Sdk<T>, options: SdkOptions = keyed): SdkClient & T {
    const instance = new Api(options);
    instance.httpClient.defaults.baseURL = baseUrl;
    return instance;
  }

  beforeAll(async () => {
    sandbox = Fastify();
    // Strict: the upstream's own sandbox rules, with its documented test values.
    await registerSandbox(sandbox, {
      prefix: SANDBOX_PREFIX,
      ...KEYS,
      basicAuth: BASIC,
      latencyMs: 0,
      failureRate: 0,
      strict: true,
      balance: 5_000_000,
    });
    baseUrl = `${await sandbox.listen({ port: 0, host: '127.0.0.1' })}${SANDBOX_PREFIX}`;
  });
  afterAll(() => sandbox.close());

  it('airtime, with the api keys and with basic authentication', async () => {
    for (const options of [keyed, basic]) {
      const answer = await client(sdk.AirtimeApis, options).buyMtnAirtime({
        amount: 100,
        phone: SANDBOX_VALUES.success,
      });
      expect(answer, options.authType).toMatchObject({
        code: '000',
        response_description: 'TRANSACTION SUCCESSFUL',
        content: { transactions: { status: 'delivered', unique_element: SANDBOX_VALUES.success } },
      });
    }
    const wrong = await client(sdk.AirtimeApis, { ...basic, password: 'wrong' }).buyMtnAirtime({
      amount: 100,
      phone: SANDBOX_VALUES.success,
    });
    expect(wrong.code).toBe('087');
  });

  it('data: a plan from its products, bought without an amount', async () => {
    const data = client(sdk.DataSubscriptionApis);
    const products = await data.products('mtn-data');
    const plan = products.content.variations[0];
    expect(plan).toMatchObject({ variation_code: expect.any(String), fixedPrice: 'Yes' });
    const answer = await data.purchase({
      serviceID: 'mtn-data',
      billersCode: SANDBOX_VALUES.success,
      variation_code: plan.variation_code,
      phone: SANDBOX_VALUES.success,
    });
    expect(answer).toMatchObject({ code: '000', content: { transactions: { status: 'delivered' } } });
    expect(answer.content.transactions.amount).toBe(Number(plan.variation_amount));
  });

  it('electricity: verifies the prepaid test meter and vends a token', async () => {
    const meter = client(sdk.MeterApis);
    const verified = await meter.verify({
      type: 'prepaid',
      billersCode: SANDBOX_VALUES.prepaidMeter,
      serviceID: 'ikeja-electric',
    });
    expect(verified).toMatchObject({
      code: '000',
      content: { WrongBillersCode: false, Customer_Name: expect.any(String) },
    });
    const answer = await meter.purchase({
      serviceID: 'ikeja-electric',
      billersCode: SANDBOX_VALUES.prepaidMeter,
      variation_code: 'prepaid',
      amount: 2000,
      phone: '08031234567',
    });
    expect(answer).toMatchObject({ code: '000', content: { transactions: { status: 'delivered' } } });
    expect(answer.token).toMatch(/^Token : \d{4}( \d{4}){4}$/);
    expect(answer.units).toMatch(/kWh$/);
  });

  it('TV: verifies the test smartcard, renews at its renewal amount and changes bouquet', async () => {
    const tv = client(sdk.SmartcardApis);
    const verified = await tv.verify({ billersCode: SANDBOX_VALUES.smartcard, serviceID: 'dstv' });
    expect(verified).toMatchObject({ code: '000', content: { Renewal_Amount: expect.any(Number) } });
    const renewed = await tv.purchase({
      serviceID: 'dstv',
      billersCode: SANDBOX_VALUES.smartcard,
      variation_code: '',
      amount: verified.content.Renewal_Amount,
      phone: '08031234567',
      subscription_type: 'renew',
      quantity: '1',
    });
    expect(renewed).toMatchObject({ code: '000', content: { transactions: { status: 'delivered' } } });
    expect(renewed.content.transactions.amount).toBe(verified.content.Renewal_Amount);
    const changed = await tv.purchase({
      serviceID: 'dstv',
      billersCode: SANDBOX_VALUES.smartcard,
      variation_code: 'dstv-yanga',
      amount: 6000,
      phone: '08031234567',
      subscription_type: 'change',
      quantity: '1',
    });
    expect(changed).toMatchObject({ code: '000', content: { transactions: { status: 'delivered', amount: 6000 } } });
  });

  it('WAEC PINs, a JAMB PIN and a requery, through the library’s own client and auth', async () => {
    const library = client(sdk.AirtimeApis);
    const waecId = library.generateRequestId();
    const waec = await library.httpClient.post('/pay', {
      request_id: waecId,
      serviceID: 'waec',
      variation_code: 'waecdirect',
      quantity: 2,
      phone: SANDBOX_VALUES.success,
    });
    expect(waec).toMatchObject({ code: '000', content: { transactions: { status: 'delivered', quantity: 2 } } });
    expect(waec.cards).toEqual([
      { Serial: expect.any(String), Pin: expect.stringMatching(/^\d+$/) },
      { Serial: expect.any(String), Pin: expect.stringMatching(/^\d+$/) },
    ]);

    const profile = await library.httpClient.post('/merchant-verify', {
      billersCode: SANDBOX_VALUES.jambProfile,
      serviceID: 'jamb',
      type: 'utme',
    });
    expect(profile).toMatchObject({ code: '000', content: { Customer_Name: expect.any(String) } });
    const jamb = await library.httpClient.post('/pay', {
      request_id: library.generateRequestId(),
      serviceID: 'jamb',
      variation_code: 'utme',
      billersCode: SANDBOX_VALUES.jambProfile,
      phone: '08031234567',
    });
    expect(jamb).toMatchObject({ code: '000', content: { transactions: { status: 'delivered' } } });
    expect(jamb.purchased_code).toMatch(/^Pin : \d+$/);
    expect(jamb.Pin).toBe(jamb.purchased_code);

    const requery = await library.httpClient.post('/requery', { request_id: waecId });
    expect(requery).toMatchObject({ code: '000', requestId: waecId, cards: waec.cards });
    expect(requery.content.transactions.transactionId).toBe(waec.content.transactions.transactionId);
  });
});

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRequestId } from '../vtpass/request-id.js';
import { SANDBOX_VALUES } from './sandbox-outcomes.js';
import { registerSandbox, SANDBOX_PREFIX, sandboxOptionsFrom, type SandboxOptions } from './sandbox.routes.js';

/**
 * The sandbox takes what the upstream's documentation pages say each service takes, and its
 * documented test values behave as documented (decision 030). Plain HTTP, the documented
 * headers and bodies: nothing of the server's adapter.
 */
const KEYS = { apiKey: 'sandbox-api-key', publicKey: 'PK_sandbox', secretKey: 'SK_sandbox' };
const BASIC = { username: 'sandbox@vtpass.com', password: 'sandbox-password' };

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const started: FastifyInstance[] = [];
afterAll(() => Promise.all(started.map((app) => app.close())));

async function startSandbox(options: Partial<SandboxOptions> = {}) {
  const app = Fastify();
  started.push(app);
  await registerSandbox(app, {
    prefix: SANDBOX_PREFIX,
    ...KEYS,
    latencyMs: 0,
    failureRate: 0,
    strict: false,
    balance: 5_000_000,
    ...options,
  });
  const base = `${await app.listen({ port: 0, host: '127.0.0.1' })}${SANDBOX_PREFIX}`;
  const post = async (path: string, body: Json, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-key': KEYS.apiKey, 'secret-key': KEYS.secretKey, ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(1_500),
    });
    return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
  };
  const json = async (path: string, body: Json, headers?: Record<string, string>) =>
    JSON.parse((await post(path, body, headers)).text) as Json;
  const get = async (path: string, headers: Record<string, string>) =>
    (await (await fetch(`${base}${path}`, { headers })).json()) as Json;
  return { base, post, json, get };
}

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
const id = () => newRequestId(new Date());

/** One documented pay body per service, with the judged value (phone or billersCode) set to `value`. */
const SHAPES: Record<string, { success: string; body: (value: string) => Json }> = {
  airtime: { success: SANDBOX_VALUES.success, body: (phone) => ({ serviceID: 'mtn', amount: 100, phone }) },
  data: {
    success: SANDBOX_VALUES.success,
    body: (phone) => ({ serviceID: 'mtn-data', billersCode: phone, variation_code: 'mtn-1gb-500', phone }),
  },
  waec: {
    success: SANDBOX_VALUES.success,
    body: (phone) => ({ serviceID: 'waec', variation_code: 'waecdirect', quantity: 1, phone }),
  },
  'waec-registration': {
    success: SANDBOX_VALUES.success,
    body: (phone) => ({ serviceID: 'waec-registration', variation_code: 'waec-registraion', quantity: 1, phone }),
  },
  'electricity prepaid': {
    success: SANDBOX_VALUES.prepaidMeter,
    body: (meter) => ({
      serviceID: 'ikeja-electric',
      billersCode: meter,
      variation_code: 'prepaid',
      amount: 2000,
      phone: '08031234567',
    }),
  },
  'electricity postpaid': {
    success: SANDBOX_VALUES.postpaidMeter,
    body: (meter) => ({
      serviceID: 'eko-electric',
      billersCode: meter,
      variation_code: 'postpaid',
      amount: 2000,
      phone: '08031234567',
    }),
  },
  'tv change': {
    success: SANDBOX_VALUES.smartcard,
    body: (card) => ({
      serviceID: 'dstv',
      billersCode: card,
      variation_code: 'dstv-padi',
      phone: '08031234567',
      subscription_type: 'change',
    }),
  },
  'tv renew': {
    success: SANDBOX_VALUES.smartcard,
    body: (card) => ({
      serviceID: 'gotv',
      billersCode: card,
      amount: 3900,
      phone: '08031234567',
      subscription_type: 'renew',
    }),
  },
  jamb: {
    success: SANDBOX_VALUES.jambProfile,
    body: (profile) => ({ serviceID: 'jamb', billersCode: profile, variation_code: 'utme', phone: '08031234567' }),
  },
};

describe('the sandbox takes each service’s documented fields, and ignores the others', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ strict: true });
  });

  it('airtime: request_id, serviceID, amount and phone, no billersCode; an unknown field is ignored', async () => {
    const answer = await sandbox.json('pay', {
      request_id: id(),
      serviceID: 'glo',
      amount: 100,
      phone: SANDBOX_VALUES.success,
      channel_hint: 'ignored',
    });
    expect(answer).toMatchObject({ code: '000', response_description: 'TRANSACTION SUCCESSFUL', purchased_code: '' });
    expect(answer.content.transactions).toMatchObject({ status: 'delivered', unique_element: SANDBOX_VALUES.success });
    const noAmount = await sandbox.json('pay', { request_id: id(), serviceID: 'glo', phone: SANDBOX_VALUES.success });
    expect(noAmount.code).toBe('011');
    const noPhone = await sandbox.json('pay', { request_id: id(), serviceID: 'glo', amount: 100 });
    expect(noPhone.code).toBe('011');
  });

  it('data: billersCode (the phone to credit) and variation_code, priced by the plan without an amount', async () => {
    const answer = await sandbox.json('pay', { request_id: id(), ...SHAPES.data!.body(SANDBOX_VALUES.success) });
    expect(answer.code).toBe('000');
    expect(answer.content.transactions).toMatchObject({ status: 'delivered', amount: 500, unit_price: '500' });
    // An amount, when sent, is ignored: the plan sets the price.
    const withAmount = await sandbox.json('pay', {
      request_id: id(),
      ...SHAPES.data!.body(SANDBOX_VALUES.success),
      amount: 1,
    });
    expect(withAmount.content.transactions.amount).toBe(500);
    const { billersCode: _left, ...noBillersCode } = SHAPES.data!.body(SANDBOX_VALUES.success);
    expect((await sandbox.json('pay', { request_id: id(), ...noBillersCode })).code).toBe('011');
  });

  it('WAEC result checker: variation_code and quantity, no billersCode; cards with serials and PINs', async () => {
    const answer = await sandbox.json('pay', {
      request_id: id(),
      serviceID: 'waec',
      variation_code: 'waecdirect',
      quantity: 2,
      phone: SANDBOX_VALUES.success,
    });
    expect(answer.code).toBe('000');
    expect(answer.content.transactions).toMatchObject({
      quantity: 2,
      amount: 7800,
      unique_element: SANDBOX_VALUES.success,
    });
    expect(answer.cards).toEqual([
      { Serial: expect.stringMatching(/^WAE\d{9}$/), Pin: expect.stringMatching(/^\d{12}$/) },
      { Serial: expect.stringMatching(/^WAE\d{9}$/), Pin: expect.stringMatching(/^\d{12}$/) },
    ]);
    expect(answer.purchased_code).toBe(
      answer.cards.map((card: Json) => `Serial No:${card.Serial}, pin: ${card.Pin}`).join(' || '),
    );
    // Quantity defaults to 1.
    const one = await sandbox.json('pay', {
      request_id: id(),
      serviceID: 'waec',
      variation_code: 'waecdirect',
      phone: SANDBOX_VALUES.success,
    });
    expect(one.cards).toHaveLength(1);
  });

  it('WAEC registration: no billersCode; answers tokens, as its page shows', async () => {
    const answer = await sandbox.json('pay', {
      request_id: id(),
      ...SHAPES['waec-registration']!.body(SANDBOX_VALUES.success),
    });
    expect(answer.code).toBe('000');
    expect(answer.tokens).toEqual([expect.stringMatching(/^\d{19}$/)]);
    expect(answer.purchased_code).toBe(`Token: ${answer.tokens[0]}`);
  });

  it('JAMB: merchant-verify of the sandbox profile 0123456789 names the candidate; others are wrong', async () => {
    const verified = await sandbox.json('merchant-verify', {
      serviceID: 'jamb',
      billersCode: SANDBOX_VALUES.jambProfile,
      type: 'utme',
    });
    expect(verified).toMatchObject({ code: '000', content: { Customer_Name: expect.any(String) } });
    expect(verified.content.WrongBillersCode).toBeUndefined();
    const wrong = await sandbox.json('merchant-verify', { serviceID: 'jamb', billersCode: '0123456788', type: 'utme' });
    expect(wrong).toMatchObject({ code: '000', content: { WrongBillersCode: true, error: expect.any(String) } });
  });

  it('JAMB: pay with the profile ID answers purchased_code "Pin : ..." and Pin; the requery the same', async () => {
    const requestId = id();
    const answer = await sandbox.json('pay', {
      request_id: requestId,
      ...SHAPES.jamb!.body(SANDBOX_VALUES.jambProfile),
    });
    expect(answer).toMatchObject({ code: '000', response_description: 'TRANSACTION SUCCESSFUL' });
    expect(answer.purchased_code).toMatch(/^Pin : \d{16}$/);
    expect(answer.Pin).toBe(answer.purchased_code);
    expect(answer.content.transactions).toMatchObject({
      status: 'delivered',
      unique_element: SANDBOX_VALUES.jambProfile,
      amount: 7700,
      type: 'Education',
    });
    const requery = await sandbox.json('requery', { request_id: requestId });
    expect(requery).toMatchObject({ code: '000', purchased_code: answer.purchased_code, Pin: answer.Pin });
    expect(requery.content.transactions.transactionId).toBe(answer.content.transactions.transactionId);
    // An amount is ignored; the profile ID is required.
    const priced = await sandbox.json('pay', {
      request_id: id(),
      ...SHAPES.jamb!.body(SANDBOX_VALUES.jambProfile),
      amount: 1,
    });
    expect(priced.content.transactions.amount).toBe(7700);
    const { billersCode: _left, ...noProfile } = SHAPES.jamb!.body(SANDBOX_VALUES.jambProfile);
    expect((await sandbox.json('pay', { request_id: id(), ...noProfile })).code).toBe('011');
  });

  it('electricity: billersCode, variation_code and amount; a prepaid token with units, a postpaid receipt', async () => {
    const prepaid = await sandbox.json('pay', {
      request_id: id(),
      ...SHAPES['electricity prepaid']!.body(SANDBOX_VALUES.prepaidMeter),
    });
    expect(prepaid.code).toBe('000');
    expect(prepaid.purchased_code).toMatch(/^Token : \d{4}( \d{4}){4}$/);
    expect(prepaid.token).toBe(prepaid.purchased_code);
    expect(prepaid.units).toMatch(/ kWh$/);
    expect(prepaid).toMatchObject({ meterNumber: SANDBOX_VALUES.prepaidMeter, customerName: expect.any(String) });
    const postpaid = await sandbox.json('pay', {
      request_id: id(),
      ...SHAPES['electricity postpaid']!.body(SANDBOX_VALUES.postpaidMeter),
    });
    expect(postpaid).toMatchObject({ code: '000', purchased_code: '', customerName: expect.any(String) });
    expect(postpaid.token).toBeUndefined();
    const { amount: _left, ...noAmount } = SHAPES['electricity prepaid']!.body(SANDBOX_VALUES.prepaidMeter);
    expect((await sandbox.json('pay', { request_id: id(), ...noAmount })).code).toBe('011');
  });

  it('TV: a change is priced by the bouquet without an amount; a renewal needs its amount', async () => {
    const change = await sandbox.json('pay', {
      request_id: id(),
      ...SHAPES['tv change']!.body(SANDBOX_VALUES.smartcard),
    });
    expect(change.code).toBe('000');
    expect(change.content.transactions).toMatchObject({ amount: 4400, unique_element: SANDBOX_VALUES.smartcard });
    const renew = await sandbox.json('pay', {
      request_id: id(),
      ...SHAPES['tv renew']!.body(SANDBOX_VALUES.smartcard),
    });
    expect(renew.content.transactions).toMatchObject({ status: 'delivered', amount: 3900 });
    const { amount: _left, ...noAmount } = SHAPES['tv renew']!.body(SANDBOX_VALUES.smartcard);
    expect((await sandbox.json('pay', { request_id: id(), ...noAmount })).code).toBe('011');
  });

  it('sells WAEC and JAMB, not NECO or NABTEB (not VTpass products)', async () => {
    const education = await sandbox.get('services?identifier=education', {
      'api-key': KEYS.apiKey,
      'public-key': KEYS.publicKey,
    });
    expect(education.content.map((service: Json) => service.serviceID)).toEqual(['waec', 'waec-registration', 'jamb']);
    const neco = await sandbox.json('pay', {
      request_id: id(),
      serviceID: 'neco',
      variation_code: 'neco-token',
      phone: SANDBOX_VALUES.success,
    });
    expect(neco.code).toBe('012');
  });
});

describe('SANDBOX_STRICT: every documented test value behaves as documented, for every service', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ strict: true });
  });

  for (const [name, shape] of Object.entries(SHAPES)) {
    it(`${name}: ${shape.success} delivers, pending resolves on requery, the rest fail or misbehave as documented`, async () => {
      const pay = async (value: string) => {
        const requestId = id();
        return { requestId, ...(await sandbox.post('pay', { request_id: requestId, ...shape.body(value) })) };
      };
      const delivered = await pay(shape.success);
      expect(JSON.parse(delivered.text)).toMatchObject({
        code: '000',
        content: { transactions: { status: 'delivered' } },
      });

      const pending = await pay(SANDBOX_VALUES.pending);
      expect(JSON.parse(pending.text)).toMatchObject({ code: '099', content: { transactions: { status: 'pending' } } });
      expect(await sandbox.json('requery', { request_id: pending.requestId })).toMatchObject({
        code: '000',
        content: { transactions: { status: 'delivered' } },
      });

      const unexpected = await pay(SANDBOX_VALUES.unexpected);
      expect(unexpected.status).toBe(502);
      expect(unexpected.type).toMatch(/text\/html/);

      await expect(pay(SANDBOX_VALUES.noResponse)).rejects.toThrow();
      // A timeout holds the answer until the client gives up (here after 1.5 s).
      const timedOut = Date.now();
      await expect(pay(SANDBOX_VALUES.timeout)).rejects.toThrow();
      expect(Date.now() - timedOut).toBeGreaterThanOrEqual(1_000);

      for (const other of ['08031234567', '1234567890123', '9876543210']) {
        expect(JSON.parse((await pay(other)).text), other).toMatchObject({
          code: '016',
          content: { transactions: { status: 'failed' } },
        });
      }
    });
  }

  it('a test meter succeeds only for its own meter type', async () => {
    const prepaidAsPostpaid = await sandbox.json('pay', {
      request_id: id(),
      ...SHAPES['electricity postpaid']!.body(SANDBOX_VALUES.prepaidMeter),
    });
    expect(prepaidAsPostpaid.code).toBe('016');
  });

  it('verifies only the documented meters, smartcard and profile', async () => {
    const verify = (body: Json) => sandbox.json('merchant-verify', body);
    expect(
      (await verify({ serviceID: 'ikeja-electric', billersCode: SANDBOX_VALUES.prepaidMeter, type: 'prepaid' })).content
        .WrongBillersCode,
    ).toBe(false);
    expect(
      (await verify({ serviceID: 'ikeja-electric', billersCode: SANDBOX_VALUES.postpaidMeter, type: 'postpaid' }))
        .content.WrongBillersCode,
    ).toBe(false);
    expect(
      (await verify({ serviceID: 'ikeja-electric', billersCode: '1234567890123', type: 'prepaid' })).content
        .WrongBillersCode,
    ).toBe(true);
    expect(
      (await verify({ serviceID: 'dstv', billersCode: SANDBOX_VALUES.smartcard })).content.Customer_Name,
    ).toBeTruthy();
    expect((await verify({ serviceID: 'dstv', billersCode: '1234567890' })).content.WrongBillersCode).toBe(true);
    expect(
      (await verify({ serviceID: 'jamb', billersCode: SANDBOX_VALUES.jambProfile, type: 'de' })).content.Customer_Name,
    ).toBeTruthy();
    expect((await verify({ serviceID: 'jamb', billersCode: '1234567890', type: 'de' })).content.WrongBillersCode).toBe(
      true,
    );
  });
});

describe('the lenient default delivers plausible values, for demos', () => {
  it('any plausible phone, meter, smartcard or profile ID delivers and verifies; 999… does not verify', async () => {
    const sandbox = await startSandbox();
    for (const [name, value] of [
      ['airtime', '08031234567'],
      ['data', '08031234567'],
      ['waec', '08031234567'],
      ['electricity prepaid', '04123456789'],
      ['tv renew', '7023456789'],
      ['jamb', '5123456789'],
    ] as const) {
      const answer = await sandbox.json('pay', { request_id: id(), ...SHAPES[name]!.body(value) });
      expect(answer.code, name).toBe('000');
    }
    const profile = await sandbox.json('merchant-verify', {
      serviceID: 'jamb',
      billersCode: '5123456789',
      type: 'utme',
    });
    expect(profile.content.Customer_Name).toBeTruthy();
    const implausible = await sandbox.json('merchant-verify', {
      serviceID: 'jamb',
      billersCode: '9991234567',
      type: 'utme',
    });
    expect(implausible.content.WrongBillersCode).toBe(true);
    // Our failure number still fails.
    expect(
      (await sandbox.json('pay', { request_id: id(), ...SHAPES.airtime!.body(SANDBOX_VALUES.failure) })).code,
    ).toBe('016');
  });
});

describe('basic authentication', () => {
  const basic = (username: string, password: string) => ({
    authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
  });
  const noKeys = { 'api-key': '', 'secret-key': '' };

  it('is accepted when configured, for GET and POST, besides the keys', async () => {
    const sandbox = await startSandbox({ basicAuth: BASIC, strict: true });
    const balance = await sandbox.get('balance', basic(BASIC.username, BASIC.password));
    expect(balance).toMatchObject({ code: 1, contents: { balance: 5_000_000 } });
    const paid = await sandbox.json(
      'pay',
      { request_id: id(), ...SHAPES.airtime!.body(SANDBOX_VALUES.success) },
      { ...noKeys, ...basic(BASIC.username, BASIC.password) },
    );
    expect(paid.code).toBe('000');
    // The keys still work.
    expect(
      (await sandbox.json('pay', { request_id: id(), ...SHAPES.airtime!.body(SANDBOX_VALUES.success) })).code,
    ).toBe('000');
  });

  it('refuses wrong basic credentials with 087, like wrong keys', async () => {
    const sandbox = await startSandbox({ basicAuth: BASIC });
    for (const headers of [
      basic(BASIC.username, 'wrong'),
      basic('someone@else', BASIC.password),
      basic(BASIC.username, `${BASIC.password}x`),
      { authorization: 'Basic not-base64!' },
      { authorization: `Basic ${Buffer.from(BASIC.username).toString('base64')}` },
    ]) {
      const answer = await sandbox.json(
        'pay',
        { request_id: id(), ...SHAPES.airtime!.body(SANDBOX_VALUES.success) },
        {
          ...noKeys,
          ...headers,
        },
      );
      expect(answer, JSON.stringify(headers)).toMatchObject({
        code: '087',
        response_description: 'INVALID CREDENTIALS',
      });
    }
    expect(await sandbox.get('balance', { 'api-key': KEYS.apiKey, 'public-key': 'PK_wrong' })).toMatchObject({
      code: '087',
    });
  });

  it('is refused when not configured', async () => {
    const sandbox = await startSandbox();
    const answer = await sandbox.json(
      'pay',
      { request_id: id(), ...SHAPES.airtime!.body(SANDBOX_VALUES.success) },
      { ...noKeys, ...basic(BASIC.username, BASIC.password) },
    );
    expect(answer.code).toBe('087');
  });

  it('comes from UPSTREAM_USERNAME and UPSTREAM_PASSWORD through the configuration', () => {
    const sandbox = { latencyMs: 0, failureRate: 0, strict: false, balance: 1 };
    const upstream = { ...KEYS, baseUrl: null, sandbox: true };
    const withBasic = sandboxOptionsFrom({ upstream: { ...upstream, basicAuth: BASIC }, sandbox } as never);
    expect(withBasic.basicAuth).toEqual(BASIC);
    expect(sandboxOptionsFrom({ upstream, sandbox } as never).basicAuth).toBeUndefined();
  });
});

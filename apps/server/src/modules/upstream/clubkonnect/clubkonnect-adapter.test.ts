import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/server-process.js';
import {
  registerClubkonnectSandbox,
  type ClubkonnectSandboxOptions,
} from '../clubkonnect-sandbox/clubkonnect-sandbox.routes.js';
import { testValue } from '../clubkonnect-sandbox/outcomes.js';
import type { PayOutcome, PayRequest } from '../upstream.js';
import { createClubkonnectAdapter, type ClubkonnectAdapter } from './clubkonnect-adapter.js';
import { isClubkonnectRequestId } from './clubkonnect-request-id.js';

const CREDENTIALS = { userId: 'CK100424242', apiKey: 'K3y0fTheProvider+With/Odd=Chars' };
const PREFIX = '/sandbox/clubkonnect/';
// Long enough that a loaded 2-core machine answers an ordinary call within it.
const TIMEOUT_MS = 1_000;

/** A sandbox on a free loopback port, and the calls it received (path and RequestID). */
async function startSandbox(options: Partial<ClubkonnectSandboxOptions> = {}) {
  const app = Fastify();
  const calls: Array<{ path: string; requestId: string | null }> = [];
  app.addHook('onRequest', async (request) => {
    const url = new URL(request.url, 'http://sandbox.invalid');
    calls.push({ path: url.pathname.slice(PREFIX.length), requestId: url.searchParams.get('RequestID') });
  });
  await registerClubkonnectSandbox(app, { prefix: PREFIX, ...CREDENTIALS, balance: 5_000_000, ...options });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, calls, baseUrl: `${address}${PREFIX}` };
}

const started: FastifyInstance[] = [];
afterAll(() => Promise.all(started.map((app) => app.close())));

async function adapterFor(options: Partial<ClubkonnectSandboxOptions> = {}, credentials = CREDENTIALS) {
  const sandbox = await startSandbox(options);
  started.push(sandbox.app);
  const adapter = createClubkonnectAdapter({ baseUrl: sandbox.baseUrl, ...credentials, timeoutMs: TIMEOUT_MS });
  return { ...sandbox, adapter };
}

const airtime = (
  adapter: ClubkonnectAdapter,
  phone: string,
  overrides: Partial<PayRequest> = {},
): Promise<PayOutcome> =>
  adapter.pay({
    requestId: adapter.newRequestId(new Date()),
    service: 'airtime',
    serviceId: 'mtn',
    billersCode: phone,
    amount: 50_000n,
    phone,
    ...overrides,
  });

describe('the Clubkonnect adapter against its sandbox, over HTTP', () => {
  let adapter: ClubkonnectAdapter;
  let calls: Array<{ path: string; requestId: string | null }>;
  const paysOf = (requestId: string) =>
    calls.filter((call) => call.requestId === requestId && call.path !== 'APIQueryV1.asp').length;

  beforeAll(async () => {
    ({ adapter, calls } = await adapterFor());
  });

  it('lists each category’s services under our ids, and their plans under Clubkonnect’s codes, in kobo', async () => {
    expect(await adapter.listServices('airtime')).toEqual(
      ['mtn', 'glo', 'etisalat', 'airtel'].map((serviceId) =>
        expect.objectContaining({
          serviceId,
          productType: 'flexible',
          minimumAmount: 10_000n,
          maximumAmount: 5_000_000n,
        }),
      ),
    );
    expect((await adapter.listServices('data')).map((s) => s.serviceId)).toEqual([
      'mtn-data',
      'glo-data',
      'etisalat-data',
      'airtel-data',
    ]);
    const mtn = await adapter.listVariations('mtn-data');
    expect(mtn[0]).toEqual({ code: '500.0', name: '500 MB - 30 days (SME)', amount: 35_000n, fixedPrice: true });
    expect((await adapter.listVariations('etisalat-data')).map((p) => p.code)).toEqual([
      '500',
      '1500',
      '4500',
      '11000',
    ]);
    const discos = await adapter.listServices('electricity-bill');
    expect(discos).toHaveLength(12);
    expect(discos.find((d) => d.serviceId === 'ikeja-electric')).toMatchObject({
      minimumAmount: 100_000n,
      maximumAmount: 20_000_000n,
      productType: 'flexible',
    });
    expect((await adapter.listVariations('ikeja-electric')).map((v) => v.code)).toEqual(['prepaid', 'postpaid']);
    expect((await adapter.listServices('tv-subscription')).map((s) => s.serviceId)).toEqual([
      'dstv',
      'gotv',
      'startimes',
    ]);
    expect((await adapter.listVariations('dstv')).find((v) => v.code === 'dstv79')?.amount).toBe(1_900_000n);
    expect((await adapter.listServices('education')).map((s) => s.serviceId)).toEqual([
      'waec',
      'waec-registration',
      'jamb',
    ]);
    expect(await adapter.listVariations('waec')).toEqual([
      { code: 'waecdirect', name: 'WAEC Result Checker PIN', amount: 390_000n, fixedPrice: true },
    ]);
    expect((await adapter.listVariations('jamb')).map((v) => v.code)).toEqual(['utme-mock', 'utme-no-mock', 'de']);
    // The catalogues never carry the key.
    expect(
      calls.filter((call) => call.path.includes('Packages') || call.path.includes('Plans')).length,
    ).toBeGreaterThan(0);
  });

  it('delivered: a sale the network confirmed at once', async () => {
    const outcome = await airtime(adapter, testValue('phone', '200'));
    expect(outcome).toMatchObject({ verdict: 'delivered', code: '200' });
    expect(outcome.upstreamTransactionId).toMatch(/^\d{10}$/);
  });

  it('failed: a pay refused before any order (bare token), and one cancelled at once', async () => {
    expect(await airtime(adapter, testValue('phone', '409'))).toMatchObject({
      verdict: 'failed',
      code: 'INVALID_RECIPIENT',
      upstreamTransactionId: null,
    });
    expect(await airtime(adapter, '08031234567', { amount: 5_000n })).toMatchObject({
      verdict: 'failed',
      code: 'MINIMUM_100',
    });
    expect(
      await adapter.pay({
        requestId: adapter.newRequestId(new Date()),
        service: 'data',
        serviceId: 'glo-data',
        variationCode: '500.0',
        billersCode: '08051234567',
        amount: 0n,
        phone: '08051234567',
      }),
    ).toMatchObject({ verdict: 'failed', code: 'INVALID_DATAPLAN' });
    const rejected = await airtime(adapter, testValue('phone', '514'));
    expect(rejected).toMatchObject({ verdict: 'failed', code: '514' });
    expect(rejected.upstreamTransactionId).toMatch(/^\d{10}$/);
  });

  it('unknown, then the requery’s answer: pending then delivered, and pending then cancelled', async () => {
    for (const code of ['100', '201', '299', '777'] as const) {
      const requestId = adapter.newRequestId(new Date());
      expect(await airtime(adapter, testValue('phone', code), { requestId }), code).toMatchObject({
        verdict: 'unknown',
        code,
      });
      expect(await adapter.requery(requestId), code).toMatchObject({ verdict: 'delivered', code: '200' });
    }
    const cancelled = adapter.newRequestId(new Date());
    expect(await airtime(adapter, testValue('phone', '516'), { requestId: cancelled })).toMatchObject({
      verdict: 'unknown',
      code: '100',
    });
    expect(await adapter.requery(cancelled)).toMatchObject({ verdict: 'failed', code: '516' });
  });

  it('on hold is unknown on the pay and on requery, until it is cancelled', async () => {
    const requestId = adapter.newRequestId(new Date());
    expect(await airtime(adapter, testValue('phone', '600'), { requestId })).toMatchObject({
      verdict: 'unknown',
      code: '600',
    });
    expect(await adapter.requery(requestId)).toMatchObject({ verdict: 'unknown', code: '600' });
    expect(await adapter.requery(requestId)).toMatchObject({ verdict: 'failed', code: '506' });
  });

  it('requeries by its own order id too, and reads what the order cost us', async () => {
    const pay = await airtime(adapter, testValue('phone', '100'));
    const later = await adapter.requeryByOrderId(pay.upstreamTransactionId!);
    // ₦500 less Clubkonnect's 3 %.
    expect(later).toMatchObject({
      verdict: 'delivered',
      upstreamTransactionId: pay.upstreamTransactionId,
      amountCharged: 48_500n,
    });
  });

  it('unknown-request: a requery of an id Clubkonnect never received, by request id or order id', async () => {
    expect(await adapter.requery(adapter.newRequestId(new Date()))).toMatchObject({
      verdict: 'unknown-request',
      code: 'INVALID_REQUESTID',
    });
    expect(await adapter.requeryByOrderId('1234567890')).toMatchObject({
      verdict: 'unknown-request',
      code: 'INVALID_ORDERID',
    });
  });

  it('a timeout is unknown, never failed; the order was made, requery says delivered; one pay only', async () => {
    const requestId = adapter.newRequestId(new Date());
    const started = performance.now();
    expect(await airtime(adapter, testValue('phone', '998'), { requestId })).toMatchObject({
      verdict: 'unknown',
      code: 'timeout',
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 10);
    expect(await adapter.requery(requestId)).toMatchObject({ verdict: 'delivered', code: '200' });
    expect(paysOf(requestId)).toBe(1);
  });

  it('a dropped connection is unknown; requery says delivered; one pay only', async () => {
    const requestId = adapter.newRequestId(new Date());
    expect(await airtime(adapter, testValue('phone', '999'), { requestId })).toMatchObject({
      verdict: 'unknown',
      code: 'no-response',
    });
    expect(await adapter.requery(requestId)).toMatchObject({ verdict: 'delivered' });
    expect(paysOf(requestId)).toBe(1);
  });

  it('the HTML 503 outage page is unknown; no order was made, which the requery says', async () => {
    const requestId = adapter.newRequestId(new Date());
    expect(await airtime(adapter, testValue('phone', '503'), { requestId })).toMatchObject({
      verdict: 'unknown',
      code: 'unexpected',
      message: expect.stringContaining('HTTP 503'),
    });
    expect(await adapter.requery(requestId)).toMatchObject({ verdict: 'unknown-request' });
    expect(paysOf(requestId)).toBe(1);
  });

  it('never pays twice on its own: each unknown pay went out once, and a pay sent again is the same order', async () => {
    // Long enough for any retry hidden in the HTTP client to show.
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS));
    const unknowns = calls.filter((call) => call.path === 'APIAirtimeV1.asp');
    const perRequest = new Map<string, number>();
    for (const call of unknowns) perRequest.set(call.requestId!, (perRequest.get(call.requestId!) ?? 0) + 1);
    expect([...perRequest.values()].every((count) => count === 1)).toBe(true);
    expect(unknowns.length).toBeGreaterThanOrEqual(12);
    expect(unknowns.every((call) => isClubkonnectRequestId(call.requestId!))).toBe(true);

    // The purchases module's send-again: the same RequestID answers the order it made, charged once.
    const requestId = adapter.newRequestId(new Date());
    const before = await adapter.balance();
    const first = await airtime(adapter, testValue('phone', '100'), { requestId });
    const again = await airtime(adapter, testValue('phone', '100'), { requestId });
    expect(again.upstreamTransactionId).toBe(first.upstreamTransactionId);
    expect(before - (await adapter.balance())).toBe(48_500n);
  });

  it('vends a prepaid token with its units; a postpaid bill has none; a pending vend’s token comes with the requery', async () => {
    const vend = (meter: string, variationCode: string, requestId = adapter.newRequestId(new Date())) =>
      adapter.pay({
        requestId,
        service: 'electricity',
        serviceId: 'eko-electric',
        variationCode,
        billersCode: meter,
        amount: 500_000n,
        phone: '08031234567',
      });
    const prepaid = await vend(testValue('meter', '200'), 'prepaid');
    expect(prepaid).toMatchObject({ verdict: 'delivered', units: expect.stringMatching(/kWh$/) });
    expect(prepaid.token).toMatch(/^\d{4}( \d{4}){4}$/);
    expect(await vend(testValue('meter', '200'), 'postpaid')).toMatchObject({ verdict: 'delivered', token: null });
    const requestId = adapter.newRequestId(new Date());
    expect(await vend(testValue('meter', '100'), 'prepaid', requestId)).toMatchObject({
      verdict: 'unknown',
      token: null,
    });
    const later = await adapter.requery(requestId);
    expect(later).toMatchObject({ verdict: 'delivered', customerName: expect.stringMatching(/^[A-Z]+ [A-Z]+$/) });
    expect(later.token).toMatch(/^\d{4}( \d{4}){4}$/);
  });

  it('subscribes a smartcard to a named package; a renewal without one is never sent', async () => {
    const subscribe = (overrides: Partial<PayRequest>) =>
      adapter.pay({
        requestId: adapter.newRequestId(new Date()),
        service: 'cable',
        serviceId: 'gotv',
        billersCode: testValue('smartcard', '200'),
        amount: 850_000n,
        phone: '08031234567',
        ...overrides,
      });
    expect(await subscribe({ variationCode: 'gotv-max', subscriptionType: 'change' })).toMatchObject({
      verdict: 'delivered',
    });
    expect(await subscribe({ variationCode: 'gotv-nope' })).toMatchObject({
      verdict: 'failed',
      code: 'INVALID_PACKAGE',
    });
    const before = calls.length;
    expect(await subscribe({ subscriptionType: 'renew' })).toMatchObject({ verdict: 'failed', code: 'not-sent' });
    expect(calls.length).toBe(before);
  });

  it('sells a WAEC card (serial and PIN) and a JAMB PIN, one per call', async () => {
    const exam = (serviceId: string, variationCode: string, quantity?: number) =>
      adapter.pay({
        requestId: adapter.newRequestId(new Date()),
        service: 'result-checker',
        serviceId,
        variationCode,
        billersCode: testValue('profile', '200'),
        amount: 390_000n,
        phone: testValue('phone', '200'),
        quantity,
      });
    const waec = await exam('waec', 'waecdirect');
    expect(waec).toMatchObject({ verdict: 'delivered', pin: null });
    expect(waec.cards).toEqual([
      { serial: expect.stringMatching(/^WRN\d{9}$/), pin: expect.stringMatching(/^\d{12}$/) },
    ]);
    expect(await exam('jamb', 'utme-mock')).toMatchObject({
      verdict: 'delivered',
      cards: [],
      pin: expect.stringMatching(/^\d{16}$/),
    });
    const before = calls.length;
    expect(await exam('waec', 'waecdirect', 2)).toMatchObject({ verdict: 'failed', code: 'not-sent' });
    expect(calls.length).toBe(before);
  });

  it('verifies meters, smartcards and JAMB profiles: a name, a refused number, or a biller out of reach', async () => {
    expect(
      await adapter.verify({ serviceId: 'ibadan-electric', billersCode: testValue('meter', '200'), type: 'postpaid' }),
    ).toMatchObject({ ok: true, customerName: expect.stringMatching(/^[A-Z]+ [A-Z]+$/) });
    expect(await adapter.verify({ serviceId: 'dstv', billersCode: testValue('smartcard', '200') })).toMatchObject({
      ok: true,
    });
    expect(await adapter.verify({ serviceId: 'dstv', billersCode: testValue('smartcard', '404') })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(await adapter.verify({ serviceId: 'gotv', billersCode: testValue('smartcard', '503') })).toMatchObject({
      ok: false,
      reason: 'unreachable',
    });
    expect(
      await adapter.verify({ serviceId: 'jamb', billersCode: testValue('profile', '404'), type: 'utme-mock' }),
    ).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await adapter.verify({ serviceId: 'mtn', billersCode: '08031234567' })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
  });

  it('reads the balance in kobo, less what each sale cost', async () => {
    const before = await adapter.balance();
    expect(await airtime(adapter, '08031234567', { amount: 100_000n })).toMatchObject({ verdict: 'delivered' });
    expect(before - (await adapter.balance())).toBe(97_000n);
  });
});

describe('refused: the provider’s account, on the pay and on the requery', () => {
  it('bad credentials refuse the pay and the requery of an order that exists; the right ones find it', async () => {
    const { adapter, baseUrl } = await adapterFor();
    const requestId = adapter.newRequestId(new Date());
    expect(await airtime(adapter, testValue('phone', '100'), { requestId })).toMatchObject({ verdict: 'unknown' });
    const wrong = createClubkonnectAdapter({ baseUrl, ...CREDENTIALS, apiKey: 'not-the-key', timeoutMs: TIMEOUT_MS });
    expect(await airtime(wrong, testValue('phone', '200'))).toMatchObject({
      verdict: 'refused',
      code: 'INVALID_CREDENTIALS',
    });
    expect(await wrong.requery(requestId)).toMatchObject({ verdict: 'refused', code: 'INVALID_CREDENTIALS' });
    expect(await adapter.requery(requestId)).toMatchObject({ verdict: 'delivered' });
    await expect(wrong.balance()).rejects.toThrow(/INVALID_CREDENTIALS/);
    expect(await wrong.verify({ serviceId: 'dstv', billersCode: testValue('smartcard', '200') })).toMatchObject({
      ok: false,
      reason: 'unreachable',
    });
  });

  it('a wallet too low refuses the sale, and nothing is charged', async () => {
    const { adapter } = await adapterFor({ balance: 600 });
    expect(await airtime(adapter, '08031234567')).toMatchObject({ verdict: 'delivered' });
    expect(await adapter.balance()).toBe(11_500n);
    expect(await airtime(adapter, '08031234567')).toMatchObject({ verdict: 'refused', code: 'INSUFFICIENT_BALANCE' });
    expect(await adapter.balance()).toBe(11_500n);
    // The documented test value, whatever the float.
    expect(await airtime(adapter, testValue('phone', '417'), { amount: 10_000n })).toMatchObject({
      verdict: 'refused',
      code: 'INSUFFICIENT_BALANCE',
    });
  });

  it('an address off the whitelist is refused', async () => {
    const { adapter } = await adapterFor({ allowedIps: ['10.20.30.40'] });
    expect(await airtime(adapter, testValue('phone', '200'))).toMatchObject({
      verdict: 'refused',
      code: 'IP_NOT_WHITELISTED',
    });
  });
});

describe('the credentials stay secret', () => {
  it('are in no outcome, message or error, whatever went wrong', async () => {
    const { adapter, baseUrl } = await adapterFor();
    const port = await freePort();
    const nowhere = createClubkonnectAdapter({
      baseUrl: `http://127.0.0.1:${port}/`,
      ...CREDENTIALS,
      timeoutMs: TIMEOUT_MS,
    });
    const wrong = createClubkonnectAdapter({
      baseUrl,
      userId: CREDENTIALS.userId,
      apiKey: 'wrong',
      timeoutMs: TIMEOUT_MS,
    });
    const said: unknown[] = [
      await airtime(adapter, testValue('phone', '998')),
      await airtime(adapter, testValue('phone', '999')),
      await airtime(adapter, testValue('phone', '503')),
      await airtime(nowhere, testValue('phone', '200')),
      await nowhere.requery('2601010000AAAAAAAAAA'),
      await airtime(wrong, testValue('phone', '200')),
      await nowhere.verify({ serviceId: 'dstv', billersCode: testValue('smartcard', '200') }),
    ];
    for (const call of [() => nowhere.balance(), () => nowhere.listServices('data'), () => wrong.balance()]) {
      said.push(
        await call().then(
          () => 'no error',
          (error: Error) => `${error.message} ${error.stack}`,
        ),
      );
    }
    expect(said.filter((s) => typeof s === 'object' && (s as PayOutcome).verdict === 'unknown')).toHaveLength(5);
    const text = JSON.stringify(said, (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value));
    expect(text).toContain('ECONNREFUSED');
    for (const secret of [CREDENTIALS.userId, CREDENTIALS.apiKey, encodeURIComponent(CREDENTIALS.apiKey)]) {
      expect(text).not.toContain(secret);
    }
  });

  it('are cut out of what an upstream echoes back', async () => {
    const echo = Fastify();
    started.push(echo);
    echo.get('/APIAirtimeV1.asp', async (request) => {
      const query = request.query as Record<string, string>;
      return {
        statuscode: '409',
        status: 'ORDER_ERROR',
        remark: `INVALID_RECIPIENT for ${query.UserID}/${query.APIKey}`,
      };
    });
    const address = await echo.listen({ port: 0, host: '127.0.0.1' });
    const adapter = createClubkonnectAdapter({ baseUrl: `${address}/`, ...CREDENTIALS, timeoutMs: TIMEOUT_MS });
    const outcome = await airtime(adapter, '08031234567');
    expect(outcome).toMatchObject({
      verdict: 'failed',
      code: '409',
      message: 'INVALID_RECIPIENT for [redacted]/[redacted]',
    });
  });
});

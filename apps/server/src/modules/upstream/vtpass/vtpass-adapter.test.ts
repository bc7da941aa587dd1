import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSandbox } from '../sandbox/sandbox.routes.js';
import { SANDBOX_VALUES } from '../sandbox/sandbox-outcomes.js';
import type { UpstreamAdapter } from '../upstream.js';
import type { UpstreamExchange } from '../upstream-exchange.js';
import { isValidRequestId, newRequestId } from './request-id.js';
import { createVtpassAdapter } from './vtpass-adapter.js';

const KEYS = { apiKey: 'sandbox-api-key', publicKey: 'PK_sandbox', secretKey: 'SK_sandbox' };

describe('the VTpass adapter against the sandbox, over HTTP', () => {
  let sandbox: FastifyInstance;
  let upstream: UpstreamAdapter;
  let baseUrl: string;

  beforeAll(async () => {
    sandbox = Fastify();
    await registerSandbox(sandbox, {
      prefix: '/sandbox/vtpass/api/',
      ...KEYS,
      latencyMs: 0,
      failureRate: 0,
      strict: false,
      balance: 5_000_000,
    });
    const address = await sandbox.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `${address}/sandbox/vtpass/api/`;
    upstream = createVtpassAdapter({ baseUrl, ...KEYS, timeoutMs: 500 });
  });
  afterAll(() => sandbox.close());

  const pay = (overrides: Partial<Parameters<UpstreamAdapter['pay']>[0]> = {}) =>
    upstream.pay({
      requestId: newRequestId(new Date()),
      service: 'airtime',
      serviceId: 'mtn',
      billersCode: '08031234567',
      amount: 50_000n,
      phone: '08031234567',
      ...overrides,
    });

  it('lists services and variations with amounts in kobo', async () => {
    const data = await upstream.listServices('data');
    expect(data.map((s) => s.serviceId)).toEqual([
      'mtn-data',
      'glo-data',
      'airtel-data',
      'etisalat-data',
      'glo-sme-data',
    ]);
    const plans = await upstream.listVariations('mtn-data');
    expect(plans.length).toBeGreaterThanOrEqual(10);
    expect(plans[0]).toMatchObject({ amount: 10_000n, fixedPrice: true });
    expect(plans[0]!.name).toMatch(/1 day/);
    const electricity = await upstream.listServices('electricity-bill');
    expect(electricity).toHaveLength(12);
    expect(electricity[0]).toMatchObject({ productType: 'flexible', minimumAmount: 100_000n });
    const tv = await upstream.listVariations('dstv');
    expect(tv.find((v) => v.code === 'dstv79')?.amount).toBe(1_900_000n);
  });

  it('delivers airtime for the success number', async () => {
    const outcome = await pay({ phone: SANDBOX_VALUES.success, billersCode: SANDBOX_VALUES.success });
    expect(outcome).toMatchObject({ verdict: 'delivered', code: '000' });
    expect(outcome.upstreamTransactionId).toMatch(/^17\d{14}$/);
    // 3 % commission on ₦500: the upstream debits ₦485.
    expect(outcome.amountCharged).toBe(48_500n);
  });

  it('reports each exchange as it went over the wire, credentials cut out, without waiting for its observer', async () => {
    const reported: UpstreamExchange[] = [];
    // An observer that never finishes storing: the calls are answered all the same.
    const watched = createVtpassAdapter({
      baseUrl,
      ...KEYS,
      timeoutMs: 500,
      onExchange: (exchange) => {
        reported.push(exchange);
        return new Promise<void>(() => undefined);
      },
    });
    const requestId = newRequestId(new Date());
    const paid = await watched.pay({
      requestId,
      service: 'airtime',
      serviceId: 'mtn',
      billersCode: SANDBOX_VALUES.pending,
      amount: 50_000n,
      phone: SANDBOX_VALUES.pending,
    });
    expect(paid).toMatchObject({ verdict: 'unknown' });
    expect(await watched.requery(requestId)).toMatchObject({ verdict: 'delivered' });
    expect(reported.map((exchange) => [exchange.call, exchange.requestId, exchange.path, exchange.status])).toEqual([
      ['pay', requestId, 'pay', 200],
      ['requery', requestId, 'requery', 200],
    ]);
    // The body exactly as sent, and the answer's text as it came.
    expect(reported[0]!.requestBody).toBe(
      JSON.stringify({ request_id: requestId, serviceID: 'mtn', amount: '500.00', phone: SANDBOX_VALUES.pending }),
    );
    expect(JSON.parse(reported[1]!.responseBody!)).toMatchObject({ code: '000', requestId });
    expect(reported[1]!.outcome).toEqual({ verdict: 'delivered', code: '000' });
    for (const secret of Object.values(KEYS)) expect(JSON.stringify(reported)).not.toContain(secret);
  });

  it('reports pending, then delivered on requery', async () => {
    const requestId = newRequestId(new Date());
    const first = await pay({ requestId, phone: SANDBOX_VALUES.pending });
    expect(first).toMatchObject({ verdict: 'unknown', code: '099' });
    const later = await upstream.requery(requestId);
    expect(later).toMatchObject({ verdict: 'delivered', code: '000' });
  });

  it('fails the failure number, and says 014 (unknown, never refund) on a reused request id', async () => {
    const requestId = newRequestId(new Date());
    expect(await pay({ requestId, phone: SANDBOX_VALUES.failure })).toMatchObject({ verdict: 'failed', code: '016' });
    expect(await pay({ requestId })).toMatchObject({ verdict: 'unknown', code: '014' });
  });

  it('treats an unexpected answer, no answer and a timeout as unknown, and requery then tells the truth', async () => {
    for (const [value, code] of [
      [SANDBOX_VALUES.unexpected, 'unexpected'],
      [SANDBOX_VALUES.noResponse, 'no-response'],
      [SANDBOX_VALUES.timeout, 'timeout'],
    ] as const) {
      const requestId = newRequestId(new Date());
      const outcome = await pay({ requestId, phone: value });
      expect(outcome, value).toMatchObject({ verdict: 'unknown', code });
      expect(await upstream.requery(requestId)).toMatchObject({ verdict: 'delivered' });
    }
  });

  it('vends a prepaid token and units', async () => {
    const outcome = await pay({
      service: 'electricity',
      serviceId: 'ikeja-electric',
      billersCode: SANDBOX_VALUES.prepaidMeter,
      variationCode: 'prepaid',
      amount: 500_000n,
    });
    expect(outcome.verdict).toBe('delivered');
    expect(outcome.token).toMatch(/^\d{4}( \d{4}){4}$/);
    expect(outcome.units).toMatch(/kWh$/);
    expect(outcome.customerName).toBeTruthy();
  });

  it('sells several exam PINs with serials', async () => {
    const outcome = await pay({
      service: 'result-checker',
      serviceId: 'waec',
      variationCode: 'waecdirect',
      quantity: 3,
      amount: 1_170_000n,
      billersCode: '08031234567',
    });
    expect(outcome.verdict).toBe('delivered');
    expect(outcome.cards).toHaveLength(3);
    expect(outcome.cards[0]).toEqual({
      serial: expect.stringMatching(/^WAE\d{9}$/),
      pin: expect.stringMatching(/^\d{12}$/),
    });
  });

  it('verifies meters and smartcards, and refuses wrong numbers even when the code is 000', async () => {
    const meter = await upstream.verify({
      serviceId: 'eko-electric',
      billersCode: SANDBOX_VALUES.prepaidMeter,
      type: 'prepaid',
    });
    expect(meter).toMatchObject({ ok: true });
    const wrong = await upstream.verify({ serviceId: 'eko-electric', billersCode: '9990001112223', type: 'prepaid' });
    expect(wrong).toMatchObject({ ok: false, reason: 'invalid' });
    const card = await upstream.verify({ serviceId: 'dstv', billersCode: SANDBOX_VALUES.smartcard });
    expect(card.ok && card.details.Current_Bouquet).toBeTruthy();
  });

  it('maps argument errors of a pay to failed (it was not taken)', async () => {
    expect(
      await pay({ service: 'data', serviceId: 'mtn-data', variationCode: 'no-such-plan', billersCode: '08031234567' }),
    ).toMatchObject({ verdict: 'failed', code: '010' });
    expect(await pay({ amount: 1_000n })).toMatchObject({ verdict: 'failed', code: '013' });
    expect(await pay({ requestId: '2001010000xx' })).toMatchObject({ verdict: 'failed', code: '085' });
  });

  it('reads bad credentials as refused, on a pay and on a requery of an order it holds', async () => {
    const requestId = newRequestId(new Date());
    expect(await pay({ requestId, phone: SANDBOX_VALUES.pending })).toMatchObject({ verdict: 'unknown' });
    const wrongKeys = createVtpassAdapter({ baseUrl, ...KEYS, secretKey: 'SK_wrong', timeoutMs: 500 });
    const outcome = await wrongKeys.pay({
      requestId: newRequestId(new Date()),
      service: 'airtime',
      serviceId: 'mtn',
      billersCode: '08031234567',
      amount: 50_000n,
      phone: '08031234567',
    });
    expect(outcome).toMatchObject({ verdict: 'refused', code: '087' });
    // The order exists and was delivered on the upstream's side; a refused requery says nothing of it.
    expect(await wrongKeys.requery(requestId)).toMatchObject({ verdict: 'refused', code: '087' });
    expect(await upstream.requery(requestId)).toMatchObject({ verdict: 'delivered' });
  });

  it('reads the upstream balance in kobo', async () => {
    expect(await upstream.balance()).toBeGreaterThan(0n);
  });

  it('answers requery of an unknown request as such, never as a failure to refund', async () => {
    expect(await upstream.requery(newRequestId(new Date()))).toMatchObject({ verdict: 'unknown-request', code: '015' });
  });

  it('makes request ids in the form the upstream requires', () => {
    const now = new Date();
    expect(isValidRequestId(upstream.newRequestId(now), now)).toBe(true);
  });
});

describe('the sandbox inside the server', () => {
  it('is mounted by default, behind the upstream keys, and off once a real upstream is configured', async () => {
    const { startTestApp } = await import('../../../test/test-app.js');
    const t = await startTestApp();
    try {
      const adapter = createVtpassAdapter({ baseUrl: `${t.url}/sandbox/vtpass/api/`, ...KEYS, timeoutMs: 2000 });
      expect((await adapter.listServices('airtime')).map((s) => s.serviceId)).toEqual([
        'mtn',
        'glo',
        'airtel',
        'etisalat',
      ]);
      const strangers = await fetch(`${t.url}/sandbox/vtpass/api/balance`);
      expect(await strangers.json()).toMatchObject({ code: '087' });
    } finally {
      await t.close();
    }
    const real = await startTestApp({ env: { UPSTREAM_BASE_URL: 'https://vtpass.example/api/' } });
    try {
      expect((await fetch(`${real.url}/sandbox/vtpass/api/balance`)).status).toBe(404);
    } finally {
      await real.close();
    }
  });
});

describe('the sandbox as configured: strict, failing, slow, with a small float', () => {
  const started: FastifyInstance[] = [];
  async function adapterFor(options: { strict?: boolean; failureRate?: number; latencyMs?: number; balance?: number }) {
    const sandbox = Fastify();
    started.push(sandbox);
    await registerSandbox(sandbox, {
      prefix: '/sandbox/vtpass/api/',
      ...KEYS,
      latencyMs: options.latencyMs ?? 0,
      failureRate: options.failureRate ?? 0,
      strict: options.strict ?? false,
      balance: options.balance ?? 5_000_000,
    });
    const address = await sandbox.listen({ port: 0, host: '127.0.0.1' });
    return createVtpassAdapter({ baseUrl: `${address}/sandbox/vtpass/api/`, ...KEYS, timeoutMs: 2_000 });
  }
  afterAll(() => Promise.all(started.map((sandbox) => sandbox.close())));

  const payTo = (upstream: UpstreamAdapter, phone: string) =>
    upstream.pay({
      requestId: newRequestId(new Date()),
      service: 'airtime',
      serviceId: 'mtn',
      billersCode: phone,
      amount: 50_000n,
      phone,
    });

  it('strict, as the upstream’s own sandbox: only the documented values deliver or verify', async () => {
    const upstream = await adapterFor({ strict: true });
    expect((await payTo(upstream, SANDBOX_VALUES.success)).verdict).toBe('delivered');
    expect((await payTo(upstream, '08031234567')).verdict).toBe('failed');
    expect(await upstream.verify({ serviceId: 'dstv', billersCode: SANDBOX_VALUES.smartcard })).toMatchObject({
      ok: true,
    });
    expect(await upstream.verify({ serviceId: 'dstv', billersCode: '1234567890' })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
  });

  it('fails the share of sales its failure rate says, never the documented success number', async () => {
    const always = await adapterFor({ failureRate: 1 });
    expect((await payTo(always, '08031234567')).verdict).toBe('failed');
    expect((await payTo(always, SANDBOX_VALUES.success)).verdict).toBe('delivered');
    const half = await adapterFor({ failureRate: 0.5 });
    const outcomes = await Promise.all(Array.from({ length: 40 }, () => payTo(half, '08031234567')));
    const failed = outcomes.filter((outcome) => outcome.verdict === 'failed').length;
    expect(failed).toBeGreaterThan(8);
    expect(failed).toBeLessThan(32);
  });

  it('sells from its configured float and refuses a sale beyond it with 018, as the upstream does', async () => {
    const upstream = await adapterFor({ balance: 700 });
    expect(await upstream.balance()).toBe(70_000n);
    expect((await payTo(upstream, '08031234567')).verdict).toBe('delivered');
    expect(await upstream.balance()).toBe(20_000n);
    expect(await payTo(upstream, '08031234567')).toMatchObject({ verdict: 'refused', code: '018' });
    expect(await upstream.balance()).toBe(20_000n);
  });

  it('answers after its configured latency', async () => {
    const upstream = await adapterFor({ latencyMs: 300 });
    const started = performance.now();
    expect((await payTo(upstream, '08031234567')).verdict).toBe('delivered');
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });
});

import type { PayOutcome, PayRequest, UpstreamAdapter, VerifyRequest, VerifyResult } from '../upstream.js';
import { formatNaira } from '@agentdesk/contract/money';
import { request } from 'undici';
import {
  BILLER_UNREACHABLE,
  nairaToKobo,
  readPayResponse,
  readServices,
  readVariations,
  readVerifyResponse,
  unexpectedOutcome,
} from './vtpass-parse.js';
import { newRequestId } from './request-id.js';
import type { Call } from './vtpass-codes.js';
import { createRedactor, reportExchange, type ExchangeObserver, type UpstreamExchange } from '../upstream-exchange.js';

export interface VtpassConfig {
  /** Ends with `/`, like `https://vtpass.com/api/`; a function when it is known only later (the built-in sandbox's port). */
  baseUrl: string | (() => string);
  apiKey: string;
  publicKey: string;
  secretKey: string;
  /** A pay or requery slower than this is treated as pending. */
  timeoutMs: number;
  /** Told of every pay, requery and verification, credentials redacted (docs/decisions/035). */
  onExchange?: ExchangeObserver | undefined;
  /** The time exchanges are dated with (the app's clock). */
  now?: (() => Date) | undefined;
}

/** What went over the wire, for the exchange log. */
interface Trace {
  method: 'GET' | 'POST';
  path: string;
  /** The JSON body as sent; null for a GET. */
  body: string | null;
  status: number | null;
  text: string | null;
  error: string | null;
  startedAt: Date;
  durationMs: number;
}

type Attempt = (
  | { kind: 'json'; status: number; body: unknown }
  | { kind: 'timeout' }
  | { kind: 'no-response'; detail: string }
  | { kind: 'unexpected'; detail: string }
) & { trace: Trace };

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

/**
 * The VTpass-compatible adapter. GET calls carry api-key and public-key, POST calls api-key
 * and secret-key. Transport problems never throw out of pay and requery: a timeout, a
 * dropped connection or an answer we cannot read is `pending`, to be requeried, because
 * the upstream may have delivered.
 */
export function createVtpassAdapter(config: VtpassConfig): UpstreamAdapter {
  const redact = createRedactor([config.apiKey, config.publicKey, config.secretKey]);
  const now = config.now ?? (() => new Date());

  async function send(method: 'GET' | 'POST', path: string, json?: Json): Promise<Attempt> {
    const started = performance.now();
    const startedAt = now();
    const body = json ? JSON.stringify(json) : null;
    const trace = (status: number | null, text: string | null, error: string | null): Trace => ({
      method,
      path,
      body,
      status,
      text,
      error,
      startedAt,
      durationMs: Math.max(0, Math.round(performance.now() - started)),
    });
    const headers: Record<string, string> = { 'api-key': config.apiKey, accept: 'application/json' };
    if (method === 'GET') headers['public-key'] = config.publicKey;
    else {
      headers['secret-key'] = config.secretKey;
      headers['content-type'] = 'application/json';
    }
    // undici's request, not fetch: the same client underneath at a fraction of the CPU per call
    // (no WHATWG streams), which counts when every purchase makes one (bench/README.md).
    let status: number;
    let text: string;
    try {
      const baseUrl = typeof config.baseUrl === 'function' ? config.baseUrl() : config.baseUrl;
      const response = await request(new URL(path, baseUrl), {
        method,
        headers,
        ...(body === null ? {} : { body }),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        return { kind: 'timeout', trace: trace(null, null, `No answer within ${config.timeoutMs} ms`) };
      }
      const detail = (error as Error).message;
      return { kind: 'no-response', detail, trace: trace(null, null, `No answer: ${detail}`) };
    }
    try {
      return { kind: 'json', status, body: JSON.parse(text) as unknown, trace: trace(status, text, null) };
    } catch {
      return { kind: 'unexpected', detail: `HTTP ${status}, not JSON`, trace: trace(status, text, null) };
    }
  }

  /** Tells the observer what went over the wire for an order's call, redacted (without waiting for it). */
  function report(
    call: UpstreamExchange['call'],
    requestId: string | null,
    attempt: Attempt,
    outcome: PayOutcome | null,
  ) {
    if (!config.onExchange) return;
    const { trace } = attempt;
    reportExchange(config.onExchange, {
      call,
      requestId,
      method: trace.method,
      path: redact.path(trace.path),
      requestBody: trace.body === null ? null : redact.body(trace.body),
      status: trace.status,
      responseBody: trace.text === null ? null : redact.body(trace.text),
      error: trace.error === null ? null : redact.text(trace.error),
      outcome: outcome ? { verdict: outcome.verdict, code: outcome.code } : null,
      startedAt: trace.startedAt,
      durationMs: trace.durationMs,
    });
  }

  function outcomeOf(attempt: Attempt, call: Call): PayOutcome {
    switch (attempt.kind) {
      case 'json':
        return readPayResponse(attempt.body, call);
      case 'timeout':
        return unexpectedOutcome('timeout', 'The upstream did not answer in time');
      case 'no-response':
        return unexpectedOutcome('no-response', `No answer from the upstream: ${attempt.detail}`);
      case 'unexpected':
        return unexpectedOutcome('unexpected', `Unexpected answer from the upstream: ${attempt.detail}`);
    }
  }

  async function catalogue(path: string): Promise<unknown> {
    const attempt = await send('GET', path);
    if (attempt.kind !== 'json' || obj(attempt.body).response_description !== '000') {
      throw new Error(`upstream catalogue call ${path} failed`);
    }
    return attempt.body;
  }

  return {
    async listServices(category) {
      return readServices(await catalogue(`services?identifier=${encodeURIComponent(category)}`));
    },

    async listVariations(serviceId) {
      return readVariations(await catalogue(`service-variations?serviceID=${encodeURIComponent(serviceId)}`));
    },

    async verify(request: VerifyRequest): Promise<VerifyResult> {
      const attempt = await send('POST', 'merchant-verify', {
        billersCode: request.billersCode,
        serviceID: request.serviceId,
        ...(request.type ? { type: request.type } : {}),
      });
      report('verify', null, attempt, null);
      return attempt.kind === 'json' ? readVerifyResponse(attempt.body) : BILLER_UNREACHABLE;
    },

    newRequestId,

    async pay(request: PayRequest) {
      const attempt = await send('POST', 'pay', payBody(request));
      const outcome = outcomeOf(attempt, 'pay');
      report('pay', request.requestId, attempt, outcome);
      return outcome;
    },

    async requery(requestId) {
      const attempt = await send('POST', 'requery', { request_id: requestId });
      const outcome = outcomeOf(attempt, 'requery');
      report('requery', requestId, attempt, outcome);
      return outcome;
    },

    async balance() {
      const attempt = await send('GET', 'balance');
      const contents = attempt.kind === 'json' ? obj(obj(attempt.body).contents) : {};
      const balance = nairaToKobo(contents.balance);
      if (balance === null) throw new Error('upstream balance unavailable');
      return balance;
    },
  };
}

/**
 * A pay's body with the fields the upstream documents for the product, and no others
 * (docs/decisions/030): airtime and exam PINs name no billersCode, a plan's price is its
 * variation's, a renewal pays the amount the smartcard's verification gave.
 */
export function payBody(request: PayRequest): Json {
  const base = { request_id: request.requestId, serviceID: request.serviceId };
  switch (request.service) {
    case 'airtime':
      return { ...base, amount: formatNaira(request.amount), phone: request.phone };
    case 'data':
      return { ...base, billersCode: request.billersCode, variation_code: request.variationCode, phone: request.phone };
    case 'electricity':
      return {
        ...base,
        billersCode: request.billersCode,
        variation_code: request.variationCode,
        amount: formatNaira(request.amount),
        phone: request.phone,
      };
    case 'cable':
      return request.subscriptionType === 'renew'
        ? {
            ...base,
            billersCode: request.billersCode,
            amount: formatNaira(request.amount),
            phone: request.phone,
            subscription_type: 'renew',
          }
        : {
            ...base,
            billersCode: request.billersCode,
            variation_code: request.variationCode,
            amount: formatNaira(request.amount),
            phone: request.phone,
            subscription_type: 'change',
          };
    case 'result-checker':
      // JAMB sells to a candidate's profile ID (billersCode); WAEC's PINs to nobody in particular.
      return request.serviceId === 'jamb'
        ? { ...base, billersCode: request.billersCode, variation_code: request.variationCode, phone: request.phone }
        : { ...base, variation_code: request.variationCode, quantity: request.quantity ?? 1, phone: request.phone };
  }
}

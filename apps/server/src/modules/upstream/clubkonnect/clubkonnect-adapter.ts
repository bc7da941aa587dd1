import { request } from 'undici';
import {
  bareOutcome,
  type PayOutcome,
  type PayRequest,
  type UpstreamAdapter,
  type UpstreamService,
  type UpstreamVariation,
  type VerifyRequest,
  type VerifyResult,
} from '../upstream.js';
import type { Call } from './clubkonnect-codes.js';
import {
  cableTvsIn,
  obj,
  readBalance,
  readCablePackages,
  readDataPlans,
  readDiscos,
  readExamPackages,
  readOrderAnswer,
  readVerifyAnswer,
  text,
  UNREACHABLE,
} from './clubkonnect-parse.js';
import {
  AIRTIME_BOUNDS,
  CABLE_TV,
  DISCOS,
  EXAMS,
  METER_TYPES,
  NETWORKS,
  waecServiceOf,
} from './clubkonnect-products.js';
import { newClubkonnectRequestId } from './clubkonnect-request-id.js';
import { createRedactor, reportExchange, type ExchangeObserver, type UpstreamExchange } from '../upstream-exchange.js';

export interface ClubkonnectConfig {
  /** Ends with `/`, like `https://www.nellobytesystems.com/`; a function when known only later (a sandbox's port). */
  baseUrl: string | (() => string);
  /** `UserID` (CK100…). A secret: never in a log line or an error. */
  userId: string;
  /** `APIKey`. A secret: never in a log line or an error. */
  apiKey: string;
  /** A pay or query slower than this is unknown, to be requeried. */
  timeoutMs: number;
  /** Sent as `CallBackURL` when set: Clubkonnect calls it with the final status (a hint, never proof). */
  callbackUrl?: string | undefined;
  /** Told of every pay, requery and verification, credentials redacted (docs/decisions/035). */
  onExchange?: ExchangeObserver | undefined;
  /** The time exchanges are dated with (the app's clock). */
  now?: (() => Date) | undefined;
}

/** The adapter, and what only Clubkonnect offers: a query by its own order id. */
export interface ClubkonnectAdapter extends UpstreamAdapter {
  requeryByOrderId(orderId: string): Promise<PayOutcome>;
}

/** What went over the wire, for the exchange log (the path with its query, credentials and all: redacted when reported). */
interface Trace {
  path: string;
  status: number | null;
  text: string | null;
  error: string | null;
  startedAt: Date;
  durationMs: number;
}

type Attempt = (
  | { kind: 'json'; body: unknown }
  | { kind: 'timeout' }
  | { kind: 'no-response'; detail: string }
  | { kind: 'unexpected'; detail: string }
) & { trace: Trace };

type Params = Record<string, string>;

/** A purchase as Clubkonnect takes it, or why it cannot be said to Clubkonnect at all. */
type Purchase = { path: string; params: Params } | { notSent: string };

/**
 * The Clubkonnect (Nellobytes) adapter (docs/decisions/034). Every call is a GET with every
 * parameter in the query string, `UserID` and `APIKey` included: so the URL is a secret, and
 * nothing here logs it, follows a redirect with it or lets it into an error. Transport problems
 * never throw out of pay and requery: a timeout, a dropped connection, an HTML outage page or an
 * answer we cannot read is `unknown`, because Clubkonnect may have taken the order. Nothing is
 * ever retried here: a second pay under the same RequestID is the purchases module's decision.
 */
export function createClubkonnectAdapter(config: ClubkonnectConfig): ClubkonnectAdapter {
  // Each credential as written, as a URI component and as a query string value (spaces as '+').
  const secrets = [config.apiKey, config.userId]
    .filter((secret) => secret.length > 0)
    .flatMap((secret) => [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)])
    .sort((a, b) => b.length - a.length);
  /** A message fit for an order row, a log line or an error: the credentials cut out, however encoded. */
  const scrub = (message: string): string =>
    secrets.reduce((out, secret) => out.split(secret).join('[redacted]'), message);

  const redact = createRedactor([config.apiKey, config.userId]);
  const now = config.now ?? (() => new Date());

  async function send(path: string, params: Params, credentials: 'key' | 'user-only'): Promise<Attempt> {
    let status: number;
    let body: string;
    const started = performance.now();
    const startedAt = now();
    const query = new URLSearchParams({ UserID: config.userId });
    // The catalogues take the UserID alone: the key travels only where it is needed.
    if (credentials === 'key') query.set('APIKey', config.apiKey);
    for (const [name, value] of Object.entries(params)) query.set(name, value);
    const trace = (status: number | null, text: string | null, error: string | null): Trace => ({
      path: `${path}?${query.toString()}`,
      status,
      text,
      error,
      startedAt,
      durationMs: Math.max(0, Math.round(performance.now() - started)),
    });
    try {
      const baseUrl = typeof config.baseUrl === 'function' ? config.baseUrl() : config.baseUrl;
      const url = new URL(path, baseUrl);
      for (const [name, value] of query) url.searchParams.set(name, value);
      // undici's request follows no redirect (the key stays with the host it was meant for) and retries nothing.
      const response = await request(url, {
        method: 'GET',
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      status = response.statusCode;
      body = await response.body.text();
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        return { kind: 'timeout', trace: trace(null, null, `No answer within ${config.timeoutMs} ms`) };
      }
      const detail = scrub((error as Error).message);
      return { kind: 'no-response', detail, trace: trace(null, null, `No answer: ${detail}`) };
    }
    // Outages answer an HTML 503 page; business errors come with a 200.
    if (status < 200 || status > 299) {
      return { kind: 'unexpected', detail: `HTTP ${status}`, trace: trace(status, body, null) };
    }
    try {
      return { kind: 'json', body: JSON.parse(body) as unknown, trace: trace(status, body, null) };
    } catch {
      return { kind: 'unexpected', detail: `HTTP ${status}, not JSON`, trace: trace(status, body, null) };
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
      method: 'GET',
      path: redact.path(trace.path),
      requestBody: null,
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
      case 'json': {
        const outcome = readOrderAnswer(attempt.body, call);
        return { ...outcome, message: scrub(outcome.message) };
      }
      case 'timeout':
        return bareOutcome('unknown', 'timeout', 'The upstream did not answer in time');
      case 'no-response':
        return bareOutcome('unknown', 'no-response', `No answer from the upstream: ${attempt.detail}`);
      case 'unexpected':
        return bareOutcome('unknown', 'unexpected', `Unexpected answer from the upstream: ${attempt.detail}`);
    }
  }

  /** A catalogue's answer, or an error that says which catalogue (never the URL: it names the user). */
  async function catalogue(path: string): Promise<unknown> {
    const attempt = await send(path, {}, 'user-only');
    if (attempt.kind !== 'json') throw new Error(`Clubkonnect catalogue ${path} unavailable (${attempt.kind})`);
    // Catalogues carry no status; one that does is a refusal (INVALID_CREDENTIALS, ...).
    const status = text(obj(attempt.body).status);
    if (status !== null) throw new Error(`Clubkonnect catalogue ${path} refused: ${scrub(status)}`);
    return attempt.body;
  }

  async function examPackages(serviceId: string): Promise<UpstreamVariation[]> {
    const exam = EXAMS.find((e) => e.serviceId === serviceId);
    if (!exam) return [];
    const packages = readExamPackages(await catalogue(exam.packages));
    return serviceId === 'jamb' ? packages : packages.filter((p) => waecServiceOf(p.code) === serviceId);
  }

  async function services(category: string): Promise<UpstreamService[]> {
    const service = (serviceId: string, name: string, productType: 'fix' | 'flexible'): UpstreamService => ({
      serviceId,
      name,
      minimumAmount: null,
      maximumAmount: null,
      productType,
      image: null,
    });
    switch (category) {
      case 'airtime':
        // No endpoint lists airtime: the four networks, within the documented refusals' bounds.
        return NETWORKS.map((network) => ({
          ...service(network.airtime, `${network.name} Airtime VTU`, 'flexible'),
          minimumAmount: BigInt(AIRTIME_BOUNDS.minimum * 100),
          maximumAmount: BigInt(AIRTIME_BOUNDS.maximum * 100),
        }));
      case 'data': {
        const plans = await catalogue('APIDatabundlePlansV2.asp');
        return NETWORKS.filter((network) => readDataPlans(plans, network.code).length > 0).map((network) =>
          service(network.data, `${network.name} Data`, 'fix'),
        );
      }
      case 'electricity-bill': {
        const listed = readDiscos(await catalogue('APIElectricityDiscosV1.asp'));
        return DISCOS.flatMap((disco) => {
          const found = listed.find((d) => d.code === disco.code);
          if (!found) return [];
          return [
            {
              ...service(disco.serviceId, `${disco.name} - Prepaid and Postpaid`, 'flexible'),
              minimumAmount: found.minimum,
              maximumAmount: found.maximum,
            },
          ];
        });
      }
      case 'tv-subscription': {
        const tvs = cableTvsIn(await catalogue('APICableTVPackagesV2.asp'));
        return CABLE_TV.filter((tv) => tvs.has(tv.code)).map((tv) => service(tv.serviceId, tv.name, 'fix'));
      }
      case 'education': {
        const found: UpstreamService[] = [];
        for (const exam of EXAMS) {
          if ((await examPackages(exam.serviceId)).length > 0) found.push(service(exam.serviceId, exam.name, 'fix'));
        }
        return found;
      }
      default:
        return [];
    }
  }

  async function variations(serviceId: string): Promise<UpstreamVariation[]> {
    const network = NETWORKS.find((n) => n.data === serviceId);
    if (network) return readDataPlans(await catalogue('APIDatabundlePlansV2.asp'), network.code);
    const tv = CABLE_TV.find((t) => t.serviceId === serviceId);
    if (tv) return readCablePackages(await catalogue('APICableTVPackagesV2.asp'), tv.code);
    if (DISCOS.some((d) => d.serviceId === serviceId)) {
      // The meter types, as the catalogue sells electricity: an amount the agent chooses.
      return Object.keys(METER_TYPES).map((code) => ({
        code,
        name: code === 'prepaid' ? 'Prepaid' : 'Postpaid',
        amount: 0n,
        fixedPrice: false,
      }));
    }
    return examPackages(serviceId);
  }

  async function verify(verifyRequest: VerifyRequest): Promise<VerifyResult> {
    const { serviceId, billersCode } = verifyRequest;
    const disco = DISCOS.find((d) => d.serviceId === serviceId);
    const tv = CABLE_TV.find((t) => t.serviceId === serviceId);
    let attempt: Attempt;
    let numberName: string;
    if (disco) {
      const meterType = METER_TYPES[verifyRequest.type ?? 'prepaid'];
      if (!meterType) return { ok: false, reason: 'invalid', message: 'The meter type must be prepaid or postpaid' };
      numberName = 'meter number';
      attempt = await send(
        'APIVerifyElectricityV1.asp',
        { ElectricCompany: disco.code, MeterNo: billersCode, MeterType: meterType },
        'key',
      );
    } else if (tv) {
      numberName = 'smartcard number';
      attempt = await send('APIVerifyCableTVV1.asp', { CableTV: tv.code, SmartCardNo: billersCode }, 'key');
    } else if (serviceId === 'jamb') {
      numberName = 'profile ID';
      attempt = await send(
        'APIVerifyJAMBV1.asp',
        { ExamType: verifyRequest.type ?? 'jamb', ProfileID: billersCode },
        'key',
      );
    } else {
      return { ok: false, reason: 'invalid', message: 'Only meters, smartcards and JAMB profiles can be verified' };
    }
    report('verify', null, attempt, null);
    return attempt.kind === 'json' ? readVerifyAnswer(attempt.body, numberName) : UNREACHABLE;
  }

  return {
    listServices: services,
    listVariations: variations,
    verify,
    newRequestId: newClubkonnectRequestId,

    async pay(payRequest: PayRequest) {
      const purchase = purchaseOf(payRequest);
      // Nothing was sent, so nothing can have been taken: definitive, and safe to try elsewhere.
      if ('notSent' in purchase) return bareOutcome('failed', 'not-sent', purchase.notSent);
      const params: Params = { ...purchase.params, RequestID: payRequest.requestId };
      if (config.callbackUrl) params.CallBackURL = config.callbackUrl;
      const attempt = await send(purchase.path, params, 'key');
      const outcome = outcomeOf(attempt, 'pay');
      report('pay', payRequest.requestId, attempt, outcome);
      return outcome;
    },

    async requery(requestId) {
      const attempt = await send('APIQueryV1.asp', { RequestID: requestId }, 'key');
      const outcome = outcomeOf(attempt, 'requery');
      report('requery', requestId, attempt, outcome);
      return outcome;
    },

    async requeryByOrderId(orderId) {
      const attempt = await send('APIQueryV1.asp', { OrderID: orderId }, 'key');
      const outcome = outcomeOf(attempt, 'requery');
      report('requery', null, attempt, outcome);
      return outcome;
    },

    async balance() {
      const attempt = await send('APIWalletBalanceV1.asp', {}, 'key');
      const balance = attempt.kind === 'json' ? readBalance(attempt.body) : null;
      if (balance === null) {
        const said = attempt.kind === 'json' ? text(obj(attempt.body).status) : attempt.kind;
        throw new Error(`Clubkonnect balance unavailable${said ? ` (${scrub(said)})` : ''}`);
      }
      return balance;
    },
  };
}

/** Whole naira, as Clubkonnect's `Amount` is sent by every integration; null for a kobo amount. */
function wholeNaira(kobo: bigint): string | null {
  return kobo > 0n && kobo % 100n === 0n ? String(kobo / 100n) : null;
}

/**
 * A purchase's endpoint and parameters, as Clubkonnect documents them for the product, without
 * RequestID and CallBackURL (the same for all). What Clubkonnect cannot be asked (a renewal with
 * no package, several exam PINs in one call, an amount in kobo, a product it does not sell) is
 * never sent.
 */
export function purchaseOf(payRequest: PayRequest): Purchase {
  const { serviceId, billersCode, phone, variationCode } = payRequest;
  switch (payRequest.service) {
    case 'airtime': {
      const network = NETWORKS.find((n) => n.airtime === serviceId);
      const amount = wholeNaira(payRequest.amount);
      if (!network) return { notSent: `Clubkonnect sells no airtime as ${serviceId}` };
      if (!amount) return { notSent: 'Clubkonnect takes airtime amounts in whole naira' };
      return { path: 'APIAirtimeV1.asp', params: { MobileNetwork: network.code, Amount: amount, MobileNumber: phone } };
    }
    case 'data': {
      const network = NETWORKS.find((n) => n.data === serviceId);
      if (!network) return { notSent: `Clubkonnect sells no data as ${serviceId}` };
      if (!variationCode) return { notSent: 'A data purchase needs its plan' };
      return {
        path: 'APIDatabundleV1.asp',
        params: { MobileNetwork: network.code, DataPlan: variationCode, MobileNumber: billersCode },
      };
    }
    case 'electricity': {
      const disco = DISCOS.find((d) => d.serviceId === serviceId);
      const meterType = METER_TYPES[variationCode ?? ''];
      const amount = wholeNaira(payRequest.amount);
      if (!disco) return { notSent: `Clubkonnect sells no electricity as ${serviceId}` };
      if (!meterType) return { notSent: 'The meter type must be prepaid or postpaid' };
      if (!amount) return { notSent: 'Clubkonnect takes electricity amounts in whole naira' };
      return {
        path: 'APIElectricityV1.asp',
        params: {
          ElectricCompany: disco.code,
          MeterType: meterType,
          MeterNo: billersCode,
          Amount: amount,
          PhoneNo: phone,
        },
      };
    }
    case 'cable': {
      const tv = CABLE_TV.find((t) => t.serviceId === serviceId);
      if (!tv) return { notSent: `Clubkonnect sells no subscription as ${serviceId}` };
      // Clubkonnect's subscription always names its package; a renewal priced by the first
      // upstream's verify has none to name.
      if (!variationCode) return { notSent: 'Clubkonnect subscribes to a named package only (no renewal without one)' };
      return {
        path: 'APICableTVV1.asp',
        params: { CableTV: tv.code, Package: variationCode, SmartCardNo: billersCode, PhoneNo: phone },
      };
    }
    case 'result-checker': {
      const exam = EXAMS.find((e) => e.serviceId === serviceId);
      if (!exam) return { notSent: `Clubkonnect sells no exam PIN as ${serviceId}` };
      if (!variationCode) return { notSent: 'An exam PIN purchase needs its exam type' };
      // No Quantity parameter: each call buys one PIN.
      if ((payRequest.quantity ?? 1) !== 1) return { notSent: 'Clubkonnect sells one exam PIN per call' };
      const params: Params = { ExamType: variationCode, PhoneNo: phone };
      if (serviceId === 'jamb') params.ProfileID = billersCode;
      return { path: exam.pay, params };
    }
  }
}

import type { PayOutcome } from './upstream.js';

/**
 * One exchange with the upstream as an adapter made it (docs/decisions/035): what was sent and
 * what came back, or what went wrong instead, with every credential already cut out. Reported
 * for the calls that concern an order (a pay, a requery) and for verifications.
 */
export interface UpstreamExchange {
  call: 'pay' | 'requery' | 'verify';
  /** The upstream request id the call names (a pay's, a requery's); null for a verification. */
  requestId: string | null;
  method: 'GET' | 'POST';
  /** The URL's path and query, relative to the adapter's base URL, credentials redacted. */
  path: string;
  /** The JSON body sent, credentials redacted; null for a GET. */
  requestBody: unknown;
  /** The HTTP status; null when no answer came. */
  status: number | null;
  /** The answer: its JSON when it was JSON, otherwise its text (cut short); null when none came. */
  responseBody: unknown;
  /** A timeout or a transport error, in words; null when an answer came. */
  error: string | null;
  /** What the adapter read the answer as, for a pay or a requery. */
  outcome: Pick<PayOutcome, 'verdict' | 'code'> | null;
  startedAt: Date;
  durationMs: number;
}

/** Where an adapter reports its exchanges. It must not throw; the adapter ignores it if it does. */
export type ExchangeObserver = (exchange: UpstreamExchange) => void | Promise<void>;

/** Reports an exchange to an observer without ever letting the observer change the call's result. */
export async function reportExchange(observer: ExchangeObserver | undefined, exchange: UpstreamExchange) {
  if (!observer) return;
  try {
    await observer(exchange);
  } catch {
    // The observer logs its own failures; an answer is applied whatever became of its record.
  }
}

/** Names of fields and query parameters whose values are credentials, whatever their case. */
const SECRET_NAME =
  /^(api[-_]?key|apikey|secret[-_]?key|public[-_]?key|private[-_]?key|password|passwd|pass|userid|user[-_]?id|auth|authorization|access[-_]?token|bearer|token[-_]?secret|client[-_]?secret|signature)$/i;

const REDACTED = '[redacted]';
/** How much of an answer that is not JSON is kept. */
const TEXT_LIMIT = 8192;

/**
 * Cuts credentials out of what an exchange records: every known secret value wherever it appears
 * (as written, URI-encoded or form-encoded), values of fields named like credentials, the user
 * and password of a URL. Purchased tokens and PINs are no credentials: operators already see them.
 */
export function createRedactor(secretValues: readonly string[]) {
  const secrets = secretValues
    .filter((secret) => secret.length >= 4)
    .flatMap((secret) => [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)])
    .sort((a, b) => b.length - a.length);

  const text = (value: string): string => {
    let out = secrets.reduce((acc, secret) => acc.split(secret).join(REDACTED), value);
    // Basic auth in a URL (https://user:password@host).
    out = out.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s:@]+:[^/\s@]+@/gi, `$1${REDACTED}@`);
    return out;
  };

  const value = (input: unknown): unknown => {
    if (typeof input === 'string') return text(input);
    if (Array.isArray(input)) return input.map(value);
    if (input && typeof input === 'object') {
      return Object.fromEntries(
        Object.entries(input as Record<string, unknown>).map(([key, field]) => [
          key,
          SECRET_NAME.test(key) && field !== null && field !== '' ? REDACTED : value(field),
        ]),
      );
    }
    return input;
  };

  /** A path with its query: parameters named like credentials redacted, then any secret value. */
  const path = (pathAndQuery: string): string => {
    const at = pathAndQuery.indexOf('?');
    if (at < 0) return text(pathAndQuery);
    const params = new URLSearchParams(pathAndQuery.slice(at + 1));
    for (const name of [...params.keys()]) if (SECRET_NAME.test(name)) params.set(name, REDACTED);
    return text(`${pathAndQuery.slice(0, at)}?${params.toString().replaceAll('%5Bredacted%5D', REDACTED)}`);
  };

  /** An answer's text: its JSON redacted when it parses, otherwise the text, cut short and redacted. */
  const answer = (body: string): unknown => {
    try {
      return value(JSON.parse(body) as unknown);
    } catch {
      return text(body.length > TEXT_LIMIT ? `${body.slice(0, TEXT_LIMIT)}…` : body);
    }
  };

  return { text, value, path, answer };
}

export type Redactor = ReturnType<typeof createRedactor>;

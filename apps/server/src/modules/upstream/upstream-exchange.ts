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
  /** The JSON body sent, as text, credentials redacted; null for a GET. */
  requestBody: string | null;
  /** The HTTP status; null when no answer came. */
  status: number | null;
  /** The answer's text (its JSON, or anything else cut short), credentials redacted; null when none came. */
  responseBody: string | null;
  /** A timeout or a transport error, in words; null when an answer came. */
  error: string | null;
  /** What the adapter read the answer as, for a pay or a requery. */
  outcome: Pick<PayOutcome, 'verdict' | 'code'> | null;
  startedAt: Date;
  durationMs: number;
}

/**
 * Where an adapter reports its exchanges. It must not throw; the adapter ignores it if it does,
 * and never waits for what it returns: storing an exchange never delays the answer.
 */
export type ExchangeObserver = (exchange: UpstreamExchange) => void | Promise<void>;

/** Hands an exchange to an observer without waiting for it or ever letting it change the call's result. */
export function reportExchange(observer: ExchangeObserver | undefined, exchange: UpstreamExchange): void {
  if (!observer) return;
  try {
    // The observer logs its own failures; an answer is applied whatever became of its record.
    void Promise.resolve(observer(exchange)).catch(() => undefined);
  } catch {
    // As above, for an observer that throws at once.
  }
}

/** Names of fields and query parameters whose values are credentials, whatever their case. */
const SECRET_NAMES =
  'api[-_]?key|apikey|secret[-_]?key|public[-_]?key|private[-_]?key|password|passwd|pass|userid|user[-_]?id|auth|authorization|access[-_]?token|bearer|token[-_]?secret|client[-_]?secret|signature';
const SECRET_NAME = new RegExp(`^(?:${SECRET_NAMES})$`, 'i');
/** Such a name as a JSON string: how a field named like a credential shows in a body's text. */
const QUOTED_SECRET_NAME = new RegExp(`"(?:${SECRET_NAMES})"`, 'i');
/** Basic auth in a URL (https://user:password@host). */
const URL_USER = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s:@]+:[^/\s@]+@/gi;
/** A URL's `://` in a body's text, where JSON may write each slash as `\/`. */
const URL_SCHEME_IN_JSON = /:(?:\\?\/){2}/;

const REDACTED = '[redacted]';
/** How much of an answer that is not JSON is kept. */
const TEXT_LIMIT = 8192;

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** One pattern for many literal values, the longest first (so a value is not half-matched by a shorter one). */
const anyOf = (values: readonly string[], flags: string): RegExp | null =>
  values.length === 0
    ? null
    : new RegExp(
        [...new Set(values)]
          .sort((a, b) => b.length - a.length)
          .map(escapeRegExp)
          .join('|'),
        flags,
      );

/**
 * Cuts credentials out of what an exchange records: every known secret value wherever it appears
 * (as written, URI-encoded or form-encoded), values of fields named like credentials, the user
 * and password of a URL. Purchased tokens and PINs are no credentials: operators already see them.
 */
export function createRedactor(secretValues: readonly string[]) {
  const secrets = secretValues
    .filter((secret) => secret.length >= 4)
    .flatMap((secret) => [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)]);
  const secret = anyOf(secrets, 'g');
  // The same values as a JSON text may write them: quotes, backslashes and control characters
  // escaped, and a slash either as it is or as `\/` (checked apart, below).
  const secretInJson = anyOf(
    secrets.flatMap((value) => [value, JSON.stringify(value).slice(1, -1)]),
    '',
  );
  const slashInSecret = secrets.some((value) => value.includes('/'));

  const text = (value: string): string => {
    const out = secret ? value.replace(secret, REDACTED) : value;
    return out.includes('@') ? out.replace(URL_USER, `$1${REDACTED}@`) : out;
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

  /**
   * Whether a body's text may hold something to cut out, read as it is: a secret value (as JSON
   * may escape it), a field named like a credential, a URL with a scheme beside an `@`, or a
   * `\u` escape, which could spell any of them. When it holds none, redacting its JSON field by
   * field (or its text) would change nothing, so it can be kept as it came without parsing it.
   */
  const mayHoldCredential = (raw: string): boolean =>
    (secretInJson !== null && secretInJson.test(raw)) ||
    QUOTED_SECRET_NAME.test(raw) ||
    raw.includes('\\u') ||
    (slashInSecret && raw.includes('\\/')) ||
    (raw.includes('@') && URL_SCHEME_IN_JSON.test(raw));

  /**
   * A body's text as it is stored (a request's JSON, an answer): as it came when it holds
   * nothing to redact, the usual case; otherwise its JSON redacted field by field, or, when it
   * is not JSON, its text cut short and redacted.
   */
  const body = (raw: string): string => {
    if (raw.length <= TEXT_LIMIT && !mayHoldCredential(raw)) return raw;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw) as unknown;
    } catch {
      return text(raw.length > TEXT_LIMIT ? `${raw.slice(0, TEXT_LIMIT)}…` : raw);
    }
    return JSON.stringify(value(parsed));
  };

  return { text, value, path, body };
}

export type Redactor = ReturnType<typeof createRedactor>;

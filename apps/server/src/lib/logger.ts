import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';

/** Paths that carry a secret in the URL itself (the upstream's webhook token). */
const SECRET_IN_PATH = /(\/webhooks\/upstream\/)[^/?#]+/;

/** A URL fit for a log line: path secrets replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_IN_PATH, '$1[redacted]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  id?: string;
}

/**
 * What a log line keeps of a database error: what failed and where in the schema, not the
 * statement's values. `detail` ("Failing row contains (…)", "Key (…)=(…)") and `where` ("JSON
 * data, line 1: …", "unnamed portal parameter $2 = '…'") quote them, and PGlite hangs the
 * statement's parameters on its errors (`params`): a batch of deliveries carries its tokens and
 * PINs there.
 */
const DATABASE_ERROR_FIELDS = [
  'type',
  'message',
  'stack',
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'hint',
];

/** The value a message quotes at its end: `invalid input syntax for type integer: "…"`. */
const QUOTED_VALUE = /: ".*"$/s;

/** An error fit for a log line; a database error (one with a `severity`) without its values. */
function loggedError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const logged = stdSerializers.err(error) as unknown as Record<string, unknown>;
  if (typeof (error as { severity?: unknown }).severity !== 'string') return logged;
  const message = error.message.replace(QUOTED_VALUE, ': [redacted]');
  const kept: Record<string, unknown> = {};
  for (const field of DATABASE_ERROR_FIELDS) if (logged[field] !== undefined) kept[field] = logged[field];
  kept.message = message;
  if (typeof logged.stack === 'string') kept.stack = logged.stack.split(error.message).join(message);
  return kept;
}

/**
 * JSON logs. Request logs carry method, URL (secrets in paths redacted) and status only;
 * headers and body fields that hold secrets are redacted wherever a log line might include them.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: {
        err: loggedError,
        req: (req: LoggedRequest) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url ?? ''),
          remoteAddress: req.ip,
        }),
      },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'headers.authorization',
          '*.password',
          '*.newPassword',
          '*.oldPassword',
          '*.token',
          '*.resetToken',
          '*.code',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

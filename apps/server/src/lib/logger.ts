import { pino, type DestinationStream, type Logger } from 'pino';

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
 * JSON logs. Request logs carry method, URL (secrets in paths redacted) and status only;
 * headers and body fields that hold secrets are redacted wherever a log line might include them.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: {
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

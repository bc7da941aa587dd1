import { pino, type Logger } from 'pino';

/**
 * JSON logs. Request logs carry method, URL and status only; headers that hold secrets are
 * redacted wherever a log line might include them.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
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
  });
}

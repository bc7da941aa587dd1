/** SQLSTATEs that say the connection, not the statement, failed: a retry on a new one may work. */
const LOST_SQLSTATES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, a fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  '53300', // too_many_connections
]);

/** Node's socket errors on the way to PostgreSQL. */
const LOST_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What pg and pg-pool say, with no code, when the socket is gone or a client could not be had in time. */
const LOST_MESSAGE =
  /^Connection terminated|^timeout exceeded when trying to connect|not queryable|^Query read timeout|^Connection ended/i;

/**
 * Whether `error` means the database could not be reached or the connection to it was lost
 * (class 08, an administrator's or a crash's shutdown, a refused or reset socket, no pooled
 * client within connectionTimeoutMillis): the service is briefly unavailable (503), not broken
 * (500). Looks into an AggregateError's `errors` (a refused connection to localhost tries ::1
 * and 127.0.0.1), not into `cause`: pg sets none, and a failed fetch to the upstream (a
 * TypeError whose cause is ECONNREFUSED) is the purchase flow's business, not the database's.
 */
export function isConnectionLost(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || LOST_SQLSTATES.has(code) || LOST_NODE_CODES.has(code))) {
    return true;
  }
  if (typeof message === 'string' && LOST_MESSAGE.test(message)) return true;
  return Array.isArray(errors) && errors.some((inner) => isConnectionLost(inner, depth + 1));
}

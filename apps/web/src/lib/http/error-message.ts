/** The HTTP layer's failure classes (spec section 8). */
export type HttpFailureKind = 'client' | 'server' | 'timeout' | 'connection' | 'network' | 'cancel' | 'unknown';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Sorts any error a call can end with (RTK Query's or a thrown one) into a failure class. */
export function classifyError(error: unknown): HttpFailureKind {
  if (!isRecord(error)) return 'unknown';
  const { status, name } = error;
  if (typeof status === 'number') return status >= 500 ? 'server' : 'client';
  if (status === 'TIMEOUT_ERROR') return 'timeout';
  if (status === 'PARSING_ERROR') {
    const original = error.originalStatus;
    return typeof original === 'number' && original >= 500 ? 'server' : 'unknown';
  }
  if (status === 'FETCH_ERROR') {
    return typeof navigator !== 'undefined' && navigator.onLine === false ? 'connection' : 'network';
  }
  if (name === 'AbortError') return 'cancel';
  return 'unknown';
}

const KIND_TEXT: Record<HttpFailureKind, string> = {
  client: 'The request was not accepted.',
  server: 'The server had a problem. Please try again.',
  timeout: 'The request timed out. Please try again.',
  connection: 'You appear to be offline. Check your connection and try again.',
  network: 'Network error: the server could not be reached.',
  cancel: 'The request was cancelled.',
  unknown: 'Something went wrong. Please try again.',
};

/**
 * What a person is told when a call fails, in an agent's words (spec section 8): the first
 * field's own message (the server's 422 says `meter_number: Meter number is not valid`, an
 * agent reads "Meter number is not valid"), else the server's message without a leading
 * `field_name: `, else the transport problem in plain words. The one way every screen says it.
 *
 * @example errorMessage({ status: 422, data: { message: 'meter_number: Meter number is not valid', errors: [{ path: 'meter_number', message: 'Meter number is not valid' }] } }) // 'Meter number is not valid'
 */
export function errorMessage(error: unknown): string {
  const fields = fieldErrors(error);
  const first = fields ? Object.values(fields)[0] : undefined;
  if (first) return first;
  if (isRecord(error) && isRecord(error.data) && typeof error.data.message === 'string' && error.data.message) {
    return error.data.message.replace(/^[a-z][a-z0-9_.[\]]*: (?=\S)/, '');
  }
  return KIND_TEXT[classifyError(error)];
}

/** The server's per-field messages (e.g. a username already taken), keyed by the first path segment. */
export function fieldErrors(error: unknown): Record<string, string> | null {
  if (!isRecord(error) || !isRecord(error.data) || !Array.isArray(error.data.errors)) return null;
  const result: Record<string, string> = {};
  for (const item of error.data.errors as unknown[]) {
    if (!isRecord(item) || typeof item.path !== 'string' || typeof item.message !== 'string') continue;
    const key = item.path.split('.')[0] || item.path;
    result[key] ??= item.message;
  }
  return Object.keys(result).length > 0 ? result : null;
}

import { newReadableCode } from '../../lib/secrets.js';

/**
 * A reference an agent can read over the phone: a prefix for the kind, the Lagos date, and
 * random characters. Example: FND-20261122-7KQ2M9XA.
 */
export function newTransactionRef(prefix: 'FND' | 'PUR' | 'RFD' | 'ADJ' | 'BON' | 'COM', now: Date): string {
  const lagos = new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
  return `${prefix}-${lagos}-${newReadableCode(8)}`;
}

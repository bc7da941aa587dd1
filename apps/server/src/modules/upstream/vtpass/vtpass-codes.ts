import type { Verdict } from '../upstream.js';

/**
 * What a response code says, before it is read as an answer to a pay or to a requery:
 * - `inner`: read `content.transactions.status`;
 * - `processing`: nothing definitive yet;
 * - `transaction-failed`, `transaction-reversed`: about the transaction itself;
 * - `call-refused`: the call was malformed or out of bounds (variation, arguments, amount,
 *   quantity, request id, a duplicate): a pay so refused was not taken; a requery so refused
 *   says nothing about the transaction;
 * - `account`: a problem of the provider's account or access that an operator must fix;
 * - `unknown-request`: the upstream has no transaction under this request id.
 */
type CodeKind =
  | 'inner'
  | 'processing'
  | 'transaction-failed'
  | 'transaction-reversed'
  | 'call-refused'
  | 'account'
  | 'unknown-request';

export interface CodeMeaning {
  kind: CodeKind;
  message: string;
}

/** Every documented response code. Unknown codes are pending (the upstream's own rule). */
export const VTPASS_CODES: Record<string, CodeMeaning> = {
  '000': { kind: 'inner', message: 'Transaction processed' },
  '001': { kind: 'inner', message: 'Transaction query' },
  '044': { kind: 'inner', message: 'Transaction resolved' },
  '099': { kind: 'processing', message: 'Transaction is processing' },
  '089': { kind: 'processing', message: 'Request is being processed' },
  '083': { kind: 'processing', message: 'Upstream system error' },
  // A reused request_id: the first attempt may have gone through. Requery, never refund on this alone.
  '014': { kind: 'processing', message: 'Request id already exists' },
  '015': { kind: 'unknown-request', message: 'No transaction with this request id' },
  '091': { kind: 'transaction-failed', message: 'Transaction not processed' },
  '016': { kind: 'transaction-failed', message: 'Transaction failed' },
  '040': { kind: 'transaction-reversed', message: 'Transaction reversed' },
  '010': { kind: 'call-refused', message: 'Variation code does not exist' },
  '011': { kind: 'call-refused', message: 'Invalid arguments' },
  '012': { kind: 'call-refused', message: 'Product does not exist' },
  '013': { kind: 'call-refused', message: 'Amount below the minimum' },
  '017': { kind: 'call-refused', message: 'Amount above the maximum' },
  '031': { kind: 'call-refused', message: 'Quantity below the minimum' },
  '032': { kind: 'call-refused', message: 'Quantity above the maximum' },
  '019': { kind: 'call-refused', message: 'Likely duplicate: same biller within 30 seconds' },
  '085': { kind: 'call-refused', message: 'Improper request id' },
  '018': { kind: 'account', message: 'Low upstream wallet balance' },
  '021': { kind: 'account', message: 'Upstream account locked' },
  '022': { kind: 'account', message: 'Upstream account suspended' },
  '023': { kind: 'account', message: 'API access not enabled' },
  '024': { kind: 'account', message: 'Upstream account inactive' },
  '025': { kind: 'account', message: 'Recipient bank invalid' },
  '026': { kind: 'account', message: 'Recipient account could not be verified' },
  '027': { kind: 'account', message: 'IP not whitelisted' },
  '028': { kind: 'account', message: 'Product not whitelisted' },
  '030': { kind: 'account', message: 'Biller not reachable' },
  '034': { kind: 'account', message: 'Service suspended' },
  '035': { kind: 'account', message: 'Service inactive' },
  '087': { kind: 'account', message: 'Invalid upstream credentials' },
};

/** The call an answer came from: the same code can mean different things to each. */
export type Call = 'pay' | 'requery';

/**
 * A code's verdict for an order. A pay refused for its arguments was not taken: a definitive
 * failure. The same refusal of a requery, like any answer that is not about the transaction,
 * says nothing: unknown.
 */
export function verdictOf(meaning: CodeMeaning | undefined, call: Call, innerStatus: unknown): Verdict {
  switch (meaning?.kind) {
    case 'inner':
      return verdictOfStatus(innerStatus);
    case 'transaction-failed':
      return 'failed';
    case 'transaction-reversed':
      return 'reversed';
    case 'call-refused':
      return call === 'pay' ? 'failed' : 'unknown';
    case 'account':
      return 'refused';
    case 'unknown-request':
      return call === 'requery' ? 'unknown-request' : 'unknown';
    case 'processing':
    case undefined:
      return 'unknown';
  }
}

/** content.transactions.status → a verdict. */
export function verdictOfStatus(status: unknown): Verdict {
  switch (typeof status === 'string' ? status.toLowerCase() : '') {
    case 'delivered':
    case 'successful':
    case 'success':
      return 'delivered';
    case 'failed':
      return 'failed';
    case 'reversed':
      return 'reversed';
    default:
      // initiated, pending, or anything unexpected: ask again later.
      return 'unknown';
  }
}

import type { OrderStatus } from '../upstream.js';

export type CodeMeaning = { status: OrderStatus | 'inner'; alertOperator?: boolean; message: string };

/**
 * Every documented response code and what it means for our order. 'inner' means: read
 * content.transactions.status. Unknown codes are pending (the upstream's own rule).
 */
export const VTPASS_CODES: Record<string, CodeMeaning> = {
  '000': { status: 'inner', message: 'Transaction processed' },
  '001': { status: 'inner', message: 'Transaction query' },
  '044': { status: 'inner', message: 'Transaction resolved' },
  '099': { status: 'pending', message: 'Transaction is processing' },
  '089': { status: 'pending', message: 'Request is being processed' },
  '083': { status: 'pending', message: 'Upstream system error' },
  // A reused request_id: the first attempt may have gone through. Requery, never refund on this alone.
  '014': { status: 'pending', message: 'Request id already exists' },
  '091': { status: 'failed', message: 'Transaction not processed' },
  '016': { status: 'failed', message: 'Transaction failed' },
  '040': { status: 'reversed', message: 'Transaction reversed' },
  '010': { status: 'failed', message: 'Variation code does not exist' },
  '011': { status: 'failed', message: 'Invalid arguments' },
  '012': { status: 'failed', message: 'Product does not exist' },
  '013': { status: 'failed', message: 'Amount below the minimum' },
  '017': { status: 'failed', message: 'Amount above the maximum' },
  '031': { status: 'failed', message: 'Quantity below the minimum' },
  '032': { status: 'failed', message: 'Quantity above the maximum' },
  '018': { status: 'failed', alertOperator: true, message: 'Low upstream wallet balance' },
  '019': { status: 'failed', message: 'Likely duplicate: same biller within 30 seconds' },
  '021': { status: 'failed', alertOperator: true, message: 'Upstream account locked' },
  '022': { status: 'failed', alertOperator: true, message: 'Upstream account suspended' },
  '023': { status: 'failed', alertOperator: true, message: 'API access not enabled' },
  '024': { status: 'failed', alertOperator: true, message: 'Upstream account inactive' },
  '025': { status: 'failed', alertOperator: true, message: 'Recipient bank invalid' },
  '026': { status: 'failed', alertOperator: true, message: 'Recipient account could not be verified' },
  '027': { status: 'failed', alertOperator: true, message: 'IP not whitelisted' },
  '028': { status: 'failed', alertOperator: true, message: 'Product not whitelisted' },
  '030': { status: 'failed', alertOperator: true, message: 'Biller not reachable' },
  '034': { status: 'failed', alertOperator: true, message: 'Service suspended' },
  '035': { status: 'failed', alertOperator: true, message: 'Service inactive' },
  '087': { status: 'failed', alertOperator: true, message: 'Invalid upstream credentials' },
  '085': { status: 'failed', message: 'Improper request id' },
};

/** content.transactions.status → ours. */
export function innerStatus(status: unknown): OrderStatus {
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
      return 'pending';
  }
}

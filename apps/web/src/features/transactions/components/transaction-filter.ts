import type { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@agentdesk/contract/transactions/transaction';
import { statusWord } from '../../../components/status-chip';
import type { TransactionFilter } from '../api/list-transactions';

export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** What the person has chosen on screen; the search text is debounced before it becomes `q`. */
export interface FilterChoice {
  q: string;
  type: TransactionType | null;
  status: TransactionStatus | null;
  from: string;
  to: string;
}

export const NO_FILTER: FilterChoice = { q: '', type: null, status: null, from: '', to: '' };

export const TYPE_LABELS: Record<TransactionType, string> = {
  funding: 'Funding',
  purchase: 'Purchase',
  refund: 'Refund',
  commission: 'Commission',
  referral_bonus: 'Referral bonus',
  adjustment: 'Adjustment',
};

export const STATUS_LABELS: Record<TransactionStatus, string> = {
  pending: statusWord('pending'),
  success: statusWord('success'),
  failed: statusWord('failed'),
  reversed: statusWord('reversed'),
};

/**
 * The server query for a choice: empty and unset fields left out, the search trimmed (the
 * server caps it at 100 characters), and a date range only when it is the right way round.
 *
 * @example toQuery({ ...NO_FILTER, q: ' mtn ', status: 'failed' }) // { q: 'mtn', status: 'failed' }
 */
export function toQuery(choice: FilterChoice): TransactionFilter {
  const query: TransactionFilter = {};
  const q = choice.q.trim().slice(0, 100);
  if (q) query.q = q;
  if (choice.type) query.type = choice.type;
  if (choice.status) query.status = choice.status;
  const rangeOk = !choice.from || !choice.to || choice.from <= choice.to;
  if (rangeOk && choice.from) query.from = choice.from;
  if (rangeOk && choice.to) query.to = choice.to;
  return query;
}

/** Whether anything narrows the list (to tell "no transactions yet" from "nothing matches"). */
export function isFiltered(choice: FilterChoice): boolean {
  return Object.keys(toQuery(choice)).length > 0;
}

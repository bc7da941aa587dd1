import type { TOperator } from '@agentdesk/contract/admin/operators';
import type { OperatorRole } from '@agentdesk/contract/endpoint';

/** What each role may do, as issue 21 gives them. */
export const ROLE_WORDS: Record<OperatorRole, { label: string; powers: string }> = {
  owner: { label: 'Owner', powers: 'everything, including settings, prices and operators' },
  finance: { label: 'Finance', powers: 'transfers, wallet adjustments and refunds' },
  support: { label: 'Support', powers: 'reading, requeries and password resets' },
};

export const STATUS_WORDS: Record<TOperator['status'], { label: string; color: 'success' | 'default' }> = {
  invited: { label: 'Invited', color: 'default' },
  active: { label: 'Active', color: 'success' },
  deactivated: { label: 'Deactivated', color: 'default' },
};

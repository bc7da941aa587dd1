import type { TAuditEntry } from '@agentdesk/contract/admin/audit';
import { formatNaira } from '../../lib/money';

const WORDS: Partial<Record<TAuditEntry['action'], string>> = {
  'agent.create': 'Created the account',
  'agent.suspend': 'Suspended the agent',
  'agent.reactivate': 'Reactivated the agent',
  'agent.password-reset': 'Sent a password reset',
  'wallet.adjust': 'Adjusted the wallet',
  'wallet.adjust.request': 'Asked for a wallet adjustment',
  'wallet.adjust.approve': 'Approved a wallet adjustment',
  'wallet.adjust.reject': 'Rejected a wallet adjustment',
  'agent.virtual-account.assign': 'Recorded the virtual account',
  'funding.approve': 'Approved a reported transfer',
  'funding.reject': 'Rejected a reported transfer',
  'gateway-payment.credit': 'Credited a gateway payment',
  'order.requery': 'Asked the upstream about an order',
  'order.refund': 'Refunded an order',
  'agent.price-level.change': 'Moved to another price level',
};

/**
 * An audit row about an agent in words: the action, and the money when it names some.
 *
 * @example auditWords({ action: 'wallet.adjust', after: { direction: 'credit', amount: '500.00' } }) // 'Adjusted the wallet: credit of ₦500.00'
 */
export function auditWords(entry: Pick<TAuditEntry, 'action' | 'after'>): string {
  const words = WORDS[entry.action] ?? entry.action;
  const level = (entry.after?.level as { name?: unknown } | undefined)?.name;
  if (typeof level === 'string') return `${words}: ${level}`;
  const direction = entry.after?.direction;
  const amount = entry.after?.amount;
  if ((direction === 'credit' || direction === 'debit') && typeof amount === 'string') {
    return `${words}: ${direction} of ${formatNaira(amount)}`;
  }
  return words;
}

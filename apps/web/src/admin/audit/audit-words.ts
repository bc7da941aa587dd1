import type { AuditAction, AuditTargetType, TAuditEntry } from '@agentdesk/contract/admin/audit';

/** What an operator did, in words (every action of the contract: the type checks none is missing). */
export const ACTION_WORDS: Record<AuditAction, string> = {
  'agent.create': 'Created an agent',
  'agent.suspend': 'Suspended an agent',
  'agent.reactivate': 'Reactivated an agent',
  'agent.password-reset': 'Sent an agent a password reset',
  'wallet.adjust': 'Adjusted a wallet',
  'wallet.adjust.request': 'Asked for a wallet adjustment',
  'wallet.adjust.approve': 'Approved a wallet adjustment',
  'wallet.adjust.reject': 'Rejected a wallet adjustment',
  'agent.virtual-account.assign': 'Assigned a virtual account',
  'funding.approve': 'Approved a transfer',
  'funding.reject': 'Rejected a transfer',
  'funding-account.create': 'Added a funding account',
  'funding-account.disable': 'Disabled a funding account',
  'gateway-payment.credit': 'Credited a gateway payment',
  'gateway-payment.dismiss': 'Dismissed a gateway payment',
  'order.requery': 'Requeried an order',
  'order.refund': 'Refunded an order',
  'catalog.sync': 'Synced the catalogue',
  'catalog.service.update': 'Changed a service',
  'catalog.plan.update': 'Changed a plan',
  'price-level.create': 'Created a price level',
  'price-level.rename': 'Renamed a price level',
  'price-level.follow-rule': 'Changed how a price level follows the upstream',
  'price-level.default': 'Chose the default price level',
  'price-level.discount.set': 'Changed a level’s discount',
  'price-level.price.set': 'Changed a level’s plan price',
  'agent.price-level.change': 'Moved an agent to a price level',
  'settings.update': 'Changed the settings',
  'upstream.create': 'Added an upstream',
  'upstream.update': 'Changed an upstream',
  'upstream.plans.sync': 'Read an upstream’s plans',
  'upstream.plan.map': 'Mapped an upstream’s plan',
  'route.update': 'Changed a route',
  'notification.broadcast': 'Posted a notice',
  'operator.create': 'Created the first owner',
  'operator.invite': 'Invited an operator',
  'operator.activate': 'Accepted an invitation',
  'operator.role.change': 'Changed an operator’s role',
  'operator.deactivate': 'Deactivated an operator',
};

const TARGET_WORDS: Record<AuditTargetType, string> = {
  agent: 'Agent',
  adjustment: 'Adjustment',
  operator: 'Operator',
  'funding-request': 'Transfer report',
  'funding-account': 'Funding account',
  'gateway-payment': 'Gateway payment',
  order: 'Order',
  catalog: 'Catalogue',
  service: 'Service',
  plan: 'Plan',
  'price-level': 'Price level',
  settings: 'Settings',
  upstream: 'Upstream',
  route: 'Route',
  notification: 'Notice',
};

export function targetWord(type: AuditTargetType): string {
  return TARGET_WORDS[type];
}

/** The console page of an entry's target, when it has one (an agent's or an order's). */
export function targetPath(target: TAuditEntry['target']): string | null {
  if (target.type === 'agent') return `/admin/agents/${encodeURIComponent(target.id)}`;
  if (target.type === 'order') return `/admin/orders/${encodeURIComponent(target.id)}`;
  if (target.type === 'price-level') return `/admin/catalog/levels/${encodeURIComponent(target.id)}`;
  return null;
}

/** The action filter's choices, in the contract's order (grouped by resource). */
export const ACTION_CHOICES = (Object.keys(ACTION_WORDS) as AuditAction[]).map((action) => ({
  value: action,
  label: ACTION_WORDS[action],
}));

export const TARGET_CHOICES = (Object.keys(TARGET_WORDS) as AuditTargetType[]).map((type) => ({
  value: type,
  label: TARGET_WORDS[type],
}));

import type { TReferralRule } from '@agentdesk/contract/referrals/referral-rule';
import { getConfig } from '../../../lib/config';
import { formatNaira } from '../../../lib/money';

/**
 * The full link a new agent opens to register with the code: origin, the dashboard's base
 * path, then `register?ref=CODE`.
 *
 * @example referralLink('ADA12345', 'https://topup.ng', '/agents') // 'https://topup.ng/agents/register?ref=ADA12345'
 */
export function referralLink(code: string, origin = window.location.origin, basePath = getConfig().basePath): string {
  const base = basePath.endsWith('/') ? basePath : `${basePath}/`;
  return `${origin}${base}register?ref=${encodeURIComponent(code)}`;
}

/** The bonus rule in a sentence, or that there is none now. */
export function describeRule(rule: TReferralRule): string {
  const parts: string[] = [];
  if (Number(rule.fundingBonus) > 0)
    parts.push(`${formatNaira(rule.fundingBonus)} when an agent you referred has their first funding credited`);
  if (Number(rule.marginPercent) > 0 && rule.marginPurchases > 0) {
    const purchases = rule.marginPurchases === 1 ? 'purchase' : `${rule.marginPurchases} purchases`;
    parts.push(`${Number(rule.marginPercent)}% of their margin on their first ${purchases}`);
  }
  if (parts.length === 0)
    return 'Referral bonuses are paused at the moment; agents who join with your code stay yours.';
  return `You earn ${parts.join(', and ')}.`;
}

import type { PriceRule, TPriceLevel } from '@agentdesk/contract/admin/price-levels';

/** A percent string as the API carries it ("7.50"), as people read it ("7.5 %"). */
export const percentWords = (percent: string): string => `${Number(percent)} %`;

/**
 * Which rule made a plan's price at a level, in words, for the note under it.
 *
 * @example ruleWords('level-discount', '7.50') // 'face value less this level’s 7.5 %'
 */
export function ruleWords(rule: PriceRule, discountPercent: string): string {
  if (rule === 'level-price') return 'this level’s fixed price';
  if (rule === 'level-discount') return `face value less this level’s ${percentWords(discountPercent)}`;
  return 'the catalogue’s price';
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * A level in one line: its agents and its overrides.
 *
 * @example levelSummary({ agents: 1, overrides: { services: 0, plans: 2 } }) // '1 agent · no service discounts · 2 plan prices'
 */
export function levelSummary(level: Pick<TPriceLevel, 'agents' | 'overrides'>): string {
  const services = level.overrides.services;
  const plans = level.overrides.plans;
  return [
    plural(level.agents, 'agent', 'agents'),
    services === 0 ? 'no service discounts' : plural(services, 'service discount', 'service discounts'),
    plans === 0 ? 'no plan prices' : plural(plans, 'plan price', 'plan prices'),
  ].join(' · ');
}

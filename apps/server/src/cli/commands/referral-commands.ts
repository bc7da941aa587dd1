import { displayNaira, parseNairaToKobo } from '@agentdesk/contract/money';
import {
  getReferralSettings,
  updateReferralSettings,
  type TReferralSettings,
} from '@agentdesk/contract/admin/referral-settings';
import type { AdminCommand } from '../command.js';

function ruleLines(rule: TReferralSettings): string[] {
  const flat = parseNairaToKobo(rule.fundingBonus) ?? 0n;
  const marginOn = rule.marginPercent !== '0' && rule.marginPurchases > 0;
  return [
    `First funding bonus: ${flat > 0n ? displayNaira(flat) : 'off'}`,
    `Margin share:        ${marginOn ? `${rule.marginPercent}% of the margin on the first ${rule.marginPurchases} delivered purchases` : 'off'}`,
    `Last changed:        ${rule.updatedAt ?? 'never'}`,
  ];
}

/** The referral programme's bonus rule. */
export const referralCommands: AdminCommand[] = [
  {
    name: 'referral',
    summary: 'Show the referral bonus rule, or change it (0 turns a part off)',
    usage: '[--funding-bonus <naira, paid on the first funding>] [--margin-percent <0-100>] [--margin-purchases <N>]',
    options: ['funding-bonus', 'margin-percent', 'margin-purchases'],
    async run({ flags, io, call }) {
      const changes = {
        ...(flags['funding-bonus'] !== undefined ? { fundingBonus: flags['funding-bonus'] } : {}),
        ...(flags['margin-percent'] !== undefined ? { marginPercent: flags['margin-percent'] } : {}),
        ...(flags['margin-purchases'] !== undefined ? { marginPurchases: flags['margin-purchases'] } : {}),
      };
      if (Object.keys(changes).length === 0) {
        for (const line of ruleLines((await call(getReferralSettings)).data)) io.out(line);
        return;
      }
      const { message, data } = await call(updateReferralSettings, { body: changes });
      io.out(`${message}.`);
      for (const line of ruleLines(data)) io.out(line);
    },
  },
];

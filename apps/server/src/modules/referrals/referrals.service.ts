import type { EndpointParsedBody, EndpointParsedQuery } from '@agentdesk/contract/endpoint';
import { formatNaira } from '@agentdesk/contract/money';
import { percentToBps } from '@agentdesk/contract/percent';
import type { listReferrals } from '@agentdesk/contract/referrals/list-referrals';
import type { TReferralRule } from '@agentdesk/contract/referrals/referral-rule';
import type { TReferrals } from '@agentdesk/contract/referrals/list-referrals';
import type { TReferralSettings, updateReferralSettings } from '@agentdesk/contract/admin/referral-settings';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { maskedName } from './referral-bonus.js';
import {
  findReferralCode,
  listReferredAgents,
  readReferralSettings,
  referralTotals,
  referredAgentExists,
  updateReferralSettings as updateRow,
  type ReferralSettingsRow,
} from './referrals.repo.js';

/** 1250 → "12.5", 1000 → "10", 0 → "0". */
export function bpsToPercent(bps: number): string {
  const whole = Math.floor(bps / 100);
  const fraction = (bps % 100).toString().padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

function ruleOf(row: ReferralSettingsRow): TReferralRule {
  return {
    fundingBonus: formatNaira(row.funding_bonus),
    marginPercent: bpsToPercent(row.margin_bps),
    marginPurchases: row.margin_purchases,
  };
}

function settingsOf(row: ReferralSettingsRow): TReferralSettings {
  return { ...ruleOf(row), updatedAt: row.updated_at?.toISOString() ?? null };
}

export function createReferralsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  return {
    async settings(): Promise<TReferralSettings> {
      return settingsOf(await readReferralSettings(db));
    },

    /** The new rule applies to events from now on; bonuses already paid stay. */
    async updateSettings(
      actor: AuditActor,
      changes: EndpointParsedBody<typeof updateReferralSettings>,
    ): Promise<TReferralSettings> {
      const row = await db.transaction(async (tx) => {
        const now = clock.now();
        const before = await readReferralSettings(tx, true);
        const after = await updateRow(
          tx,
          {
            fundingBonus: changes.fundingBonus,
            marginBps: changes.marginPercent === undefined ? undefined : percentToBps(changes.marginPercent),
            marginPurchases: changes.marginPurchases,
          },
          { userId: actor.operatorId, now },
        );
        await recordAudit(
          tx,
          actor,
          {
            action: 'settings.update',
            target: { type: 'settings', id: 'referral' },
            before: ruleOf(before),
            after: ruleOf(after),
          },
          now,
        );
        return after;
      });
      return settingsOf(row);
    },

    /** The agent's code, link and totals, and one page of the agents they referred. */
    async forAgent(
      userId: string,
      query: EndpointParsedQuery<typeof listReferrals>,
    ): Promise<{ data: TReferrals; meta: { nextCursor: string | null } }> {
      if (query.cursor && !(await referredAgentExists(db, userId, query.cursor))) {
        throw AppError.unknownCursor();
      }
      const [code, totals, rule, rows] = await Promise.all([
        findReferralCode(db, userId),
        referralTotals(db, userId),
        readReferralSettings(db),
        listReferredAgents(db, userId, query),
      ]);
      const page = rows.slice(0, query.limit);
      const hasMore = rows.length > query.limit;
      return {
        data: {
          code,
          linkPath: `/register?ref=${encodeURIComponent(code)}`,
          totals: { referred: totals.referred, earned: formatNaira(totals.earned), bonuses: totals.bonuses },
          rule: ruleOf(rule),
          agents: page.map((row) => ({
            id: row.id,
            name: maskedName(row.first_name, row.last_name),
            joinedAt: row.created_at.toISOString(),
            earned: formatNaira(row.earned),
            funded: row.funded,
          })),
        },
        meta: { nextCursor: hasMore ? (page.at(-1)?.id ?? null) : null },
      };
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZCursor, ZNaira, ZPageLimit } from '../money.js';
import { ZReferralRule } from './referral-rule.js';

/** One agent who registered with the code. */
export const ZReferredAgent = z.object({
  id: z.string(),
  /** First name and last initial only: "Ada O." */
  name: z.string(),
  /** When they registered (ISO). */
  joinedAt: z.string(),
  /** Bonuses this agent has earned the referrer so far. */
  earned: ZNaira,
  /** Whether their first funding has been credited. */
  funded: z.boolean(),
});
export type TReferredAgent = z.infer<typeof ZReferredAgent>;

export const ZReferrals = z.object({
  code: z.string(),
  /** Relative to the dashboard's base path: "/register?ref=CODE" (the page fills the code in). */
  linkPath: z.string(),
  totals: z.object({
    /** Agents who registered with the code. */
    referred: z.number().int(),
    /** Bonuses paid so far. */
    earned: ZNaira,
    /** How many bonus payments that took. */
    bonuses: z.number().int(),
  }),
  /** The bonus rule in force now. */
  rule: ZReferralRule,
  /** One page of referred agents, newest first; `meta.nextCursor` continues. */
  agents: z.array(ZReferredAgent),
});
export type TReferrals = z.infer<typeof ZReferrals>;

export const ZListReferralsQuery = z.strictObject({ cursor: ZCursor, limit: ZPageLimit });
export type TListReferralsQuery = z.input<typeof ZListReferralsQuery>;

export const listReferrals = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/referrals',
  auth: 'agent',
  tags: ['Referrals'],
  summary: 'The agent’s referral code and link, totals, and the agents they referred (by cursor)',
  query: ZListReferralsQuery,
  data: ZReferrals,
  paginated: true,
});

import { z } from 'zod';
import { defineEndpoint, EVERY_OPERATOR, OWNER_ONLY } from '../endpoint.js';
import { ZNairaNonNegative } from '../money.js';
import { ZPercent } from '../percent.js';
import { ZReferralRule } from '../referrals/referral-rule.js';

export const ZReferralSettings = ZReferralRule.extend({
  updatedAt: z.string().nullable(),
});
export type TReferralSettings = z.infer<typeof ZReferralSettings>;

/** Absent fields stay as they are. */
export const ZUpdateReferralSettingsRequest = z.strictObject({
  /** Naira paid on the referred agent's first funding; 0 turns it off. */
  fundingBonus: ZNairaNonNegative.optional(),
  marginPercent: ZPercent('Margin percent').optional(),
  marginPurchases: z.coerce
    .number()
    .int('Margin purchases is a whole number')
    .min(0, 'Margin purchases is 0 to 1000')
    .max(1000, 'Margin purchases is 0 to 1000')
    .optional(),
});
export type TUpdateReferralSettingsRequest = z.input<typeof ZUpdateReferralSettingsRequest>;

export const getReferralSettings = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/settings/referral',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'The referral bonus rule',
  data: ZReferralSettings,
});

export const updateReferralSettings = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/admin/settings/referral',
  auth: 'operator',
  roles: OWNER_ONLY,
  tags: ['Operator'],
  summary: 'Change the referral bonus rule (applies to events from now on)',
  body: ZUpdateReferralSettingsRequest,
  data: ZReferralSettings,
});

import type { FastifyInstance } from 'fastify';
import { getReferralSettings, updateReferralSettings } from '@agentdesk/contract/admin/referral-settings';
import { mountEndpoint } from '../../http/route.js';
import type { ReferralsService } from './referrals.service.js';

/** The referral bonus rule, as operators read and change it. */
export function registerReferralsAdminRoutes(app: FastifyInstance, deps: { referrals: ReferralsService }): void {
  const { referrals } = deps;

  mountEndpoint(app, getReferralSettings, {}, async () => ({ message: 'OK', data: await referrals.settings() }));

  mountEndpoint(app, updateReferralSettings, {}, async ({ actor, body }) => ({
    message: 'Referral rule saved',
    data: await referrals.updateSettings(actor, body),
  }));
}

import type { FastifyInstance } from 'fastify';
import { listReferrals } from '@agentdesk/contract/referrals/list-referrals';
import { getReferralSettings, updateReferralSettings } from '@agentdesk/contract/referrals/referral-settings';
import { mountEndpoint } from '../../http/route.js';
import type { ReferralsService } from './referrals.service.js';

/** The agent's referral page; the operators' bonus rule. */
export function registerReferralRoutes(app: FastifyInstance, deps: { referrals: ReferralsService }): void {
  const { referrals } = deps;

  mountEndpoint(app, listReferrals, {}, async ({ auth, query }) => ({
    message: 'OK',
    ...(await referrals.forAgent(auth.user.id, query)),
  }));

  mountEndpoint(app, getReferralSettings, {}, async () => ({ message: 'OK', data: await referrals.settings() }));

  mountEndpoint(app, updateReferralSettings, {}, async ({ auth, body }) => ({
    message: 'Referral rule saved',
    data: await referrals.updateSettings(auth.user.id, body),
  }));
}

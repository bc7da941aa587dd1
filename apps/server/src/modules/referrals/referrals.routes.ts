import type { FastifyInstance } from 'fastify';
import { listReferrals } from '@agentdesk/contract/referrals/list-referrals';
import { mountEndpoint } from '../../http/route.js';
import type { ReferralsService } from './referrals.service.js';

/** The agent's referral page (operators set the bonus rule: referrals-admin.routes.ts). */
export function registerReferralRoutes(app: FastifyInstance, deps: { referrals: ReferralsService }): void {
  mountEndpoint(app, listReferrals, {}, async ({ auth, query }) => ({
    message: 'OK',
    ...(await deps.referrals.forAgent(auth.user.id, query)),
  }));
}

import type { FastifyInstance } from 'fastify';
import { getKyc, submitKyc } from '@agentdesk/contract/funding/kyc';
import type { Authenticated } from '../auth/sessions.service.js';
import { limit } from '../../http/rate-limits.js';
import { mountEndpoint } from '../../http/route.js';
import type { KycService } from './kyc.service.js';

/** Identity-check submits an agent may make in an hour. */
export const KYC_SUBMITS_PER_HOUR = 10;

export function registerKycRoutes(app: FastifyInstance, deps: { kyc: KycService }): void {
  const { kyc } = deps;

  mountEndpoint(app, getKyc, {}, async ({ auth }) => ({ message: 'OK', data: await kyc.state(auth.user.id) }));

  // Each submit asks the gateways about an identity: a person retries a typo, nobody needs more
  // (a guessing loop of BVNs and names through this server stops here).
  const perAgent = limit(app, {
    name: 'kyc-agent',
    max: KYC_SUBMITS_PER_HOUR,
    windowMs: 3_600_000,
    key: (request) => (request.auth as Authenticated).user.id,
  });
  mountEndpoint(app, submitKyc, { preHandler: [perAgent] }, async ({ auth, body }) => {
    const data = await kyc.submit(auth.user.id, body);
    return {
      message:
        data.status === 'pending'
          ? 'Your identity is checked; Paystack is checking your bank account, and your account numbers appear here when it has.'
          : 'Your identity is verified and your account numbers are ready.',
      data,
    };
  });
}

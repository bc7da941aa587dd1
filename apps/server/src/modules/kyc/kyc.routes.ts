import type { FastifyInstance } from 'fastify';
import { getAgentKyc, getKyc, submitKyc } from '@agentdesk/contract/funding/kyc';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import { AppError } from '../../lib/app-error.js';
import { findUserById } from '../auth/users.repo.js';
import type { KycService } from './kyc.service.js';

export function registerKycRoutes(app: FastifyInstance, deps: { db: Database; kyc: KycService }): void {
  const { db, kyc } = deps;

  mountEndpoint(app, getKyc, {}, async ({ auth }) => ({ message: 'OK', data: await kyc.state(auth.user.id) }));

  mountEndpoint(app, submitKyc, {}, async ({ auth, body }) => ({
    message: 'Your identity is verified and your account numbers are ready.',
    data: await kyc.submit(auth.user.id, body),
  }));

  mountEndpoint(app, getAgentKyc, {}, async ({ params }) => {
    const agent = await findUserById(db, params.id!);
    if (agent?.role !== 'agent') throw new AppError('NOT_FOUND', 'Agent not found');
    return { message: 'OK', data: await kyc.state(agent.id) };
  });
}

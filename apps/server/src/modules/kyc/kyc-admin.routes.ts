import type { FastifyInstance } from 'fastify';
import { getAgentKyc } from '@agentdesk/contract/admin/agents';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import { AppError } from '../../lib/app-error.js';
import { findUserById } from '../auth/users.repo.js';
import type { KycService } from './kyc.service.js';

/** What operators see of an agent's identity check: its state, the masked ID, the dedicated accounts. */
export function registerKycAdminRoutes(app: FastifyInstance, deps: { db: Database; kyc: KycService }): void {
  const { db, kyc } = deps;
  mountEndpoint(app, getAgentKyc, {}, async ({ params }) => {
    const agent = await findUserById(db, params.id!);
    if (agent?.role !== 'agent') throw new AppError('NOT_FOUND', 'Agent not found');
    return { message: 'OK', data: await kyc.state(agent.id) };
  });
}

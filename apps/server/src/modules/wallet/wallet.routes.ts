import type { FastifyInstance } from 'fastify';
import { formatNaira } from '@agentdesk/contract/money';
import { walletBalance } from '@agentdesk/contract/wallet/balance';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import { findWalletBalance } from '../ledger/ledger.repo.js';

export function registerWalletRoutes(app: FastifyInstance, deps: { db: Database }): void {
  mountEndpoint(app, walletBalance, {}, async ({ auth }) => ({
    message: 'OK',
    data: { availableBalance: formatNaira(await findWalletBalance(deps.db, auth.user.id)) },
  }));
}

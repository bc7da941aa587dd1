import type { FastifyInstance } from 'fastify';
import { getTransaction, listTransactions } from '@agentdesk/contract/transactions/list-transactions';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import { AppError } from '../../lib/app-error.js';
import { findTransaction } from './transactions.repo.js';
import { transactionsPage } from './transactions-page.js';
import { toTransactionView } from './transaction-view.js';

export function registerTransactionRoutes(app: FastifyInstance, deps: { db: Database }): void {
  mountEndpoint(app, listTransactions, {}, async ({ auth, query }) => ({
    message: 'OK',
    ...(await transactionsPage(deps.db, auth.user.id, query)),
  }));

  mountEndpoint(app, getTransaction, {}, async ({ auth, params }) => {
    const row = await findTransaction(deps.db, auth.user.id, params.id!);
    if (!row) throw new AppError('NOT_FOUND', 'Transaction not found');
    return { message: 'OK', data: toTransactionView(row) };
  });
}

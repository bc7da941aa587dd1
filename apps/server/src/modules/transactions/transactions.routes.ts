import type { FastifyInstance } from 'fastify';
import { getTransaction, listTransactions } from '@agentdesk/contract/transactions/list-transactions';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import { AppError } from '../../lib/app-error.js';
import { cursorExists, findTransaction, listTransactions as listRows } from './transactions.repo.js';
import { toTransactionView } from './transaction-view.js';

const LAGOS_OFFSET = '+01:00';

/** Start of a Lagos calendar day; `days` later for an exclusive end. */
function lagosDay(date: string, days = 0): Date {
  return new Date(new Date(`${date}T00:00:00${LAGOS_OFFSET}`).getTime() + days * 86_400_000);
}

export function registerTransactionRoutes(app: FastifyInstance, deps: { db: Database }): void {
  mountEndpoint(app, listTransactions, {}, async ({ auth, query }) => {
    const userId = auth.user.id;
    if (query.cursor && !(await cursorExists(deps.db, userId, query.cursor))) {
      throw new AppError('VALIDATION_FAILED', 'cursor: Unknown cursor; start from the first page', [
        { path: 'cursor', message: 'Unknown cursor; start from the first page' },
      ]);
    }
    const rows = await listRows(deps.db, {
      ...query,
      userId,
      from: query.from ? lagosDay(query.from) : undefined,
      to: query.to ? lagosDay(query.to, 1) : undefined,
    });
    const page = rows.slice(0, query.limit);
    const hasMore = rows.length > query.limit;
    return {
      message: 'OK',
      data: page.map(toTransactionView),
      meta: { nextCursor: hasMore ? (page.at(-1)?.id ?? null) : null },
    };
  });

  mountEndpoint(app, getTransaction, {}, async ({ auth, params }) => {
    const row = await findTransaction(deps.db, auth.user.id, params.id!);
    if (!row) throw new AppError('NOT_FOUND', 'Transaction not found');
    return { message: 'OK', data: toTransactionView(row) };
  });
}

import type { EndpointParsedQuery } from '@agentdesk/contract/endpoint';
import type { listTransactions } from '@agentdesk/contract/transactions/list-transactions';
import type { TTransaction } from '@agentdesk/contract/transactions/transaction';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { cursorExists, listTransactions as listRows } from './transactions.repo.js';
import { toTransactionView } from './transaction-view.js';

const LAGOS_OFFSET = '+01:00';

/** Start of a Lagos calendar day; `days` later for an exclusive end. */
function lagosDay(date: string, days = 0): Date {
  return new Date(new Date(`${date}T00:00:00${LAGOS_OFFSET}`).getTime() + days * 86_400_000);
}

/** One page of an agent's history, newest first: the dashboard's and the reseller API's one query. */
export async function transactionsPage(
  db: Queryable,
  userId: string,
  query: EndpointParsedQuery<typeof listTransactions>,
): Promise<{ data: TTransaction[]; meta: { nextCursor: string | null } }> {
  if (query.cursor && !(await cursorExists(db, userId, query.cursor))) {
    throw AppError.unknownCursor();
  }
  const rows = await listRows(db, {
    ...query,
    userId,
    from: query.from ? lagosDay(query.from) : undefined,
    to: query.to ? lagosDay(query.to, 1) : undefined,
  });
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  return { data: page.map(toTransactionView), meta: { nextCursor: hasMore ? (page.at(-1)?.id ?? null) : null } };
}

import { listTransactions, type TListTransactionsQuery } from '@agentdesk/contract/transactions/list-transactions';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseListAnswer, requestTo, type ListAnswer } from '../../../lib/http/envelope';

/** The filters of the history; the cursor is the page parameter, not part of the filter. */
export type TransactionFilter = Omit<TListTransactionsQuery, 'cursor' | 'limit'>;

export const TRANSACTIONS_PAGE_SIZE = 20;

const transactionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTransactions: build.infiniteQuery<ListAnswer<EndpointData<typeof listTransactions>>, TransactionFilter, string>(
      {
        infiniteQueryOptions: {
          // '' is the first page: requestTo leaves empty values out of the query string.
          initialPageParam: '',
          getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
        },
        query: ({ queryArg, pageParam }) =>
          requestTo(listTransactions, {
            query: { ...queryArg, cursor: pageParam, limit: TRANSACTIONS_PAGE_SIZE },
          }),
        transformResponse: parseListAnswer(listTransactions),
        providesTags: ['Transactions'],
      },
    ),
  }),
});

export const { useListTransactionsInfiniteQuery } = transactionsApi;

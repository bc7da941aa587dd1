import type { EndpointData } from '@agentdesk/contract/endpoint';
import { listSavedCustomers } from '@agentdesk/contract/saved-customers/list-saved-customers';
import {
  deleteSavedCustomer,
  renameSavedCustomer,
  saveCustomer,
} from '@agentdesk/contract/saved-customers/save-customer';
import type {
  SavedCustomerKind,
  TSaveCustomerRequest,
} from '@agentdesk/contract/saved-customers/saved-customer-fields';
import { api } from '../../../lib/http/api';
import { parseAnswer, parseListAnswer, requestTo, type Answer, type ListAnswer } from '../../../lib/http/envelope';

export const SAVED_CUSTOMERS_PAGE_SIZE = 30;

/** What a list shows: one kind or all ('' ), and what the search box holds. */
export interface SavedCustomerFilter {
  kind: SavedCustomerKind | '';
  q: string;
}

const savedCustomersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSavedCustomers: build.infiniteQuery<
      ListAnswer<EndpointData<typeof listSavedCustomers>>,
      SavedCustomerFilter,
      string
    >({
      infiniteQueryOptions: {
        // '' is the first page: requestTo leaves empty values out of the query string.
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) =>
        requestTo(listSavedCustomers, {
          query: { kind: queryArg.kind, q: queryArg.q, cursor: pageParam, limit: SAVED_CUSTOMERS_PAGE_SIZE },
        }),
      transformResponse: parseListAnswer(listSavedCustomers),
      providesTags: ['SavedCustomers'],
    }),
    saveCustomer: build.mutation<Answer<EndpointData<typeof saveCustomer>>, TSaveCustomerRequest>({
      query: (body) => requestTo(saveCustomer, { body }),
      transformResponse: parseAnswer(saveCustomer),
      invalidatesTags: ['SavedCustomers'],
    }),
    renameSavedCustomer: build.mutation<Answer<EndpointData<typeof renameSavedCustomer>>, { id: string; name: string }>(
      {
        query: ({ id, name }) => requestTo(renameSavedCustomer, { params: { id }, body: { name } }),
        transformResponse: parseAnswer(renameSavedCustomer),
        invalidatesTags: ['SavedCustomers'],
      },
    ),
    deleteSavedCustomer: build.mutation<Answer<EndpointData<typeof deleteSavedCustomer>>, string>({
      query: (id) => requestTo(deleteSavedCustomer, { params: { id } }),
      transformResponse: parseAnswer(deleteSavedCustomer),
      invalidatesTags: ['SavedCustomers'],
    }),
  }),
});

export const {
  useListSavedCustomersInfiniteQuery,
  useSaveCustomerMutation,
  useRenameSavedCustomerMutation,
  useDeleteSavedCustomerMutation,
} = savedCustomersApi;

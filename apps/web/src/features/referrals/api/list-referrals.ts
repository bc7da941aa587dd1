import { listReferrals } from '@agentdesk/contract/referrals/list-referrals';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseListAnswer, requestTo, type ListAnswer } from '../../../lib/http/envelope';

export const REFERRALS_PAGE_SIZE = 20;

const referralsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Every page repeats the code, link, totals and rule; the agents continue by cursor.
    listReferrals: build.infiniteQuery<ListAnswer<EndpointData<typeof listReferrals>>, void, string>({
      infiniteQueryOptions: {
        // '' is the first page: requestTo leaves empty values out of the query string.
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
      },
      query: ({ pageParam }) => requestTo(listReferrals, { query: { cursor: pageParam, limit: REFERRALS_PAGE_SIZE } }),
      transformResponse: parseListAnswer(listReferrals),
    }),
  }),
});

export const { useListReferralsInfiniteQuery } = referralsApi;

import {
  createFundingRequest,
  listFundingRequests,
  type TCreateFundingRequest,
} from '@agentdesk/contract/funding/funding-request';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import {
  parseAnswer,
  parseListAnswer,
  requestOf,
  requestTo,
  type Answer,
  type ListAnswer,
} from '../../../lib/http/envelope';

const fundingRequestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listFundingRequests: build.infiniteQuery<ListAnswer<EndpointData<typeof listFundingRequests>>, void, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
      },
      query: ({ pageParam }) => requestTo(listFundingRequests, { query: { cursor: pageParam, limit: 10 } }),
      transformResponse: parseListAnswer(listFundingRequests),
      providesTags: ['Funding'],
    }),
    createFundingRequest: build.mutation<Answer<EndpointData<typeof createFundingRequest>>, TCreateFundingRequest>({
      query: (body) => requestOf(createFundingRequest, body),
      transformResponse: parseAnswer(createFundingRequest),
      // A report moves no money until approved; the history shows the new pending row.
      invalidatesTags: ['Funding'],
    }),
  }),
});

export const { useListFundingRequestsInfiniteQuery, useCreateFundingRequestMutation } = fundingRequestsApi;

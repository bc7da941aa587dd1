import { createBroadcast, listBroadcasts, type TBroadcastRequest } from '@agentdesk/contract/admin/notifications';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { parseAnswer, parseListAnswer, requestTo, type Answer, type ListAnswer } from '../../lib/http/envelope';
import { adminApi } from '../http/admin-api';

export type TSentBroadcast = EndpointData<typeof listBroadcasts>[number];

/** Broadcasts: those sent, newest first by cursor, with how many agents read each; and a new one to every agent. */
export const notificationsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    broadcasts: build.infiniteQuery<ListAnswer<EndpointData<typeof listBroadcasts>>, void, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
      },
      query: ({ pageParam }) => requestTo(listBroadcasts, { query: { cursor: pageParam, limit: 20 } }),
      transformResponse: parseListAnswer(listBroadcasts),
      providesTags: ['Notifications'],
    }),
    sendBroadcast: build.mutation<Answer<EndpointData<typeof createBroadcast>>, TBroadcastRequest>({
      query: (body) => requestTo(createBroadcast, { body }),
      transformResponse: parseAnswer(createBroadcast),
      invalidatesTags: ['Notifications'],
    }),
  }),
});

export const { useBroadcastsInfiniteQuery, useSendBroadcastMutation } = notificationsApi;

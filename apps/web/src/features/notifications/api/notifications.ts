import { listNotifications } from '@agentdesk/contract/notifications/list-notifications';
import { markAllNotificationsRead, markNotificationRead } from '@agentdesk/contract/notifications/mark-read';
import { unreadNotificationCount } from '@agentdesk/contract/notifications/unread-count';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, parseListAnswer, requestTo, type Answer, type ListAnswer } from '../../../lib/http/envelope';

/** How many notifications a page of the list holds (the home shows the unread ones of the first). */
export const NOTIFICATIONS_PAGE = 10;

const COUNT = { type: 'Notifications', id: 'COUNT' } as const;
const LIST = { type: 'Notifications', id: 'LIST' } as const;

const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    unreadNotificationCount: build.query<Answer<EndpointData<typeof unreadNotificationCount>>, void>({
      query: () => requestTo(unreadNotificationCount),
      transformResponse: parseAnswer(unreadNotificationCount),
      providesTags: [COUNT],
    }),
    listNotifications: build.infiniteQuery<ListAnswer<EndpointData<typeof listNotifications>>, void, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
      },
      query: ({ pageParam }) =>
        requestTo(listNotifications, { query: { cursor: pageParam, limit: NOTIFICATIONS_PAGE } }),
      transformResponse: parseListAnswer(listNotifications),
      providesTags: [LIST],
    }),
    markNotificationRead: build.mutation<Answer<EndpointData<typeof markNotificationRead>>, string>({
      query: (id) => requestTo(markNotificationRead, { params: { id } }),
      transformResponse: parseAnswer(markNotificationRead),
      // The list is patched in place (no refetch of every page on a slow line); the count is asked again.
      invalidatesTags: [COUNT],
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('listNotifications', undefined, (draft) => {
            for (const page of draft.pages) {
              for (const note of page.data) if (note.id === id) note.read = true;
            }
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    markAllNotificationsRead: build.mutation<Answer<EndpointData<typeof markAllNotificationsRead>>, void>({
      query: () => requestTo(markAllNotificationsRead),
      transformResponse: parseAnswer(markAllNotificationsRead),
      invalidatesTags: [COUNT, LIST],
    }),
  }),
});

export const {
  useUnreadNotificationCountQuery,
  useListNotificationsInfiniteQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
} = notificationsApi;

/** Asks for the unread count unless it is known (the top bar's bell then finds the request under way). */
export const prefetchUnreadNotificationCount = () =>
  notificationsApi.util.prefetch('unreadNotificationCount', undefined, {});

/**
 * Asks for the newest notifications unless they are known: the home shows the unread ones among
 * them, and asked with the count instead of after it, they arrive one round trip sooner.
 */
export const prefetchNewestNotifications = () =>
  notificationsApi.endpoints.listNotifications.initiate(undefined, { subscribe: false });

/** Asks again for the list and for what a new notification may report: money that moved. */
export const notificationArrived = () => api.util.invalidateTags([LIST, 'Wallet', 'Transactions', 'Funding']);

import {
  getOrder,
  listOrders,
  refundOrder,
  requeryOrder,
  requeryOrders,
  type TListOrdersQuery,
} from '@agentdesk/contract/admin/orders';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { parseAnswer, parseListAnswer, requestTo, type Answer, type ListAnswer } from '../../lib/http/envelope';
import { adminApi } from '../http/admin-api';

export type TOrderRow = EndpointData<typeof listOrders>[number];
export type TOrderPage = EndpointData<typeof getOrder>;
export type TRefundAnswer = Answer<EndpointData<typeof refundOrder>>;
/** The list's filters, as the URL holds them (no cursor, no limit). */
export type OrderFilters = Omit<TListOrdersQuery, 'cursor' | 'limit'>;

/** Orders: the searchable list, an order's page, requery (one or a page of them) and refund. */
export const ordersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    orders: build.infiniteQuery<ListAnswer<EndpointData<typeof listOrders>>, OrderFilters, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) =>
        requestTo(listOrders, { query: { ...queryArg, cursor: pageParam, limit: 20 } }),
      transformResponse: parseListAnswer(listOrders),
      providesTags: ['Orders'],
    }),
    order: build.query<TOrderPage, string>({
      query: (id) => requestTo(getOrder, { params: { id } }),
      transformResponse: (body: unknown) => parseAnswer(getOrder)(body).data,
      providesTags: (_result, _error, id) => [{ type: 'Orders', id }],
    }),
    requeryOrder: build.mutation<Answer<EndpointData<typeof requeryOrder>>, string>({
      query: (id) => requestTo(requeryOrder, { params: { id } }),
      transformResponse: parseAnswer(requeryOrder),
      invalidatesTags: (_result, _error, id) => [{ type: 'Orders', id }],
    }),
    refundOrder: build.mutation<TRefundAnswer, { id: string; reason: string; force: boolean }>({
      query: ({ id, reason, force }) => requestTo(refundOrder, { params: { id }, body: { reason, force } }),
      transformResponse: parseAnswer(refundOrder),
      // Also after a refusal: the requery made first may have settled the order.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Orders', id }],
    }),
    requeryOrders: build.mutation<Answer<EndpointData<typeof requeryOrders>>, string[]>({
      query: (ids) => requestTo(requeryOrders, { body: { ids } }),
      transformResponse: parseAnswer(requeryOrders),
    }),
  }),
});

export const {
  useOrdersInfiniteQuery,
  useOrderQuery,
  useRequeryOrderMutation,
  useRefundOrderMutation,
  useRequeryOrdersMutation,
} = ordersApi;

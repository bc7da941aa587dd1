import { listAgents } from '@agentdesk/contract/admin/agents';
import {
  adminListGatewayPayments,
  creditGatewayPayment,
  dismissGatewayPayment,
  type GATEWAY_PAYMENT_STATUSES,
} from '@agentdesk/contract/admin/funding';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { parseAnswer, parseListAnswer, requestTo, type Answer, type ListAnswer } from '../../lib/http/envelope';
import { adminApi } from '../http/admin-api';

export type TGatewayPayment = EndpointData<typeof adminListGatewayPayments>[number];
export type GatewayPaymentStatus = (typeof GATEWAY_PAYMENT_STATUSES)[number];
export type TAgentMatch = EndpointData<typeof listAgents>[number];

/**
 * Payments that came through a gateway (Monnify, Paystack): the unmatched ones reached no agent
 * (no virtual account was recorded for the account paid into when they arrived) and wait for an
 * operator to credit them to the agent they belong to, once, or to set them aside.
 */
export const gatewayPaymentsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    gatewayPayments: build.infiniteQuery<
      ListAnswer<EndpointData<typeof adminListGatewayPayments>>,
      GatewayPaymentStatus,
      string
    >({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
      },
      query: ({ queryArg: status, pageParam }) =>
        requestTo(adminListGatewayPayments, { query: { status, cursor: pageParam, limit: 20 } }),
      transformResponse: parseListAnswer(adminListGatewayPayments),
      providesTags: ['GatewayPayments'],
    }),
    /** Agents whose name, username, email or phone holds `q` (3 characters or more), for crediting. */
    agentMatches: build.query<TAgentMatch[], string>({
      query: (q) => requestTo(listAgents, { query: { q, limit: 8 } }),
      transformResponse: (answer: unknown) => parseListAnswer(listAgents)(answer).data,
    }),
    creditGatewayPayment: build.mutation<
      Answer<EndpointData<typeof creditGatewayPayment>>,
      { id: string; agentId: string; reason: string }
    >({
      query: ({ id, agentId, reason }) =>
        requestTo(creditGatewayPayment, { params: { id }, body: { agentId, reason } }),
      transformResponse: parseAnswer(creditGatewayPayment),
      // Also after a refusal (another operator resolved it first): the list shows what is left.
      invalidatesTags: ['GatewayPayments'],
    }),
    dismissGatewayPayment: build.mutation<
      Answer<EndpointData<typeof dismissGatewayPayment>>,
      { id: string; reason: string }
    >({
      query: ({ id, reason }) => requestTo(dismissGatewayPayment, { params: { id }, body: { reason } }),
      transformResponse: parseAnswer(dismissGatewayPayment),
      invalidatesTags: ['GatewayPayments'],
    }),
  }),
});

export const {
  useGatewayPaymentsInfiniteQuery,
  useAgentMatchesQuery,
  useCreditGatewayPaymentMutation,
  useDismissGatewayPaymentMutation,
} = gatewayPaymentsApi;

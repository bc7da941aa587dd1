import {
  adjustAgentWallet,
  approveAdjustment,
  createAgent,
  getAgent,
  getAgentKyc,
  listAgentAdjustments,
  listAgents,
  listAgentTransactions,
  reactivateAgent,
  rejectAdjustment,
  sendAgentPasswordReset,
  suspendAgent,
  type TAdjustmentRequest,
  type TAgentDetail,
  type TCreateAgentRequest,
} from '@agentdesk/contract/admin/agents';
import { listAudit } from '@agentdesk/contract/admin/audit';
import type { TKycState } from '@agentdesk/contract/funding/kyc';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { parseAnswer, parseListAnswer, requestTo, type Answer, type ListAnswer } from '../../lib/http/envelope';
import { adminApi } from '../http/admin-api';

/** The list's filters: a search of 3 characters or more (the server's rule), a status. */
export interface AgentsFilter {
  q: string;
  status: '' | 'active' | 'suspended';
}

const LIST = { type: 'Agents', id: 'LIST' } as const;
const agentTag = (id: string) => ({ type: 'Agents' as const, id });
const adjustmentsTag = (id: string) => ({ type: 'Agents' as const, id: `${id}:adjustments` });
const auditTag = (id: string) => ({ type: 'Agents' as const, id: `${id}:audit` });
const historyTag = (id: string) => ({ type: 'Agents' as const, id: `${id}:transactions` });

/** An agent's wallet history: one type of movement (purchases are their orders), or all. */
export interface HistoryFilter {
  id: string;
  type: '' | 'purchase' | 'funding' | 'refund' | 'adjustment';
}

/**
 * The console's agents: the searchable list, an agent's page, and what operators do to an
 * agent (create, suspend, reactivate, password reset, wallet adjustments and their approval).
 */
export const agentsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    agents: build.infiniteQuery<ListAnswer<EndpointData<typeof listAgents>>, AgentsFilter, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) =>
        requestTo(listAgents, {
          query: { q: queryArg.q, status: queryArg.status, cursor: pageParam, limit: 20 },
        }),
      transformResponse: parseListAnswer(listAgents),
      providesTags: [LIST],
    }),
    agent: build.query<TAgentDetail, string>({
      query: (id) => requestTo(getAgent, { params: { id } }),
      transformResponse: (body: unknown) => parseAnswer(getAgent)(body).data,
      providesTags: (_result, _error, id) => [agentTag(id)],
    }),
    agentKyc: build.query<TKycState, string>({
      query: (id) => requestTo(getAgentKyc, { params: { id } }),
      transformResponse: (body: unknown) => parseAnswer(getAgentKyc)(body).data,
      providesTags: (_result, _error, id) => [agentTag(id)],
    }),
    createAgent: build.mutation<Answer<EndpointData<typeof createAgent>>, TCreateAgentRequest>({
      query: (body) => requestTo(createAgent, { body }),
      transformResponse: parseAnswer(createAgent),
      invalidatesTags: (result) => (result ? [LIST] : []),
    }),
    setAgentStatus: build.mutation<
      Answer<TAgentDetail>,
      { id: string; action: 'suspend' | 'reactivate'; reason: string }
    >({
      query: ({ id, action, reason }) =>
        requestTo(action === 'suspend' ? suspendAgent : reactivateAgent, { params: { id }, body: { reason } }),
      transformResponse: parseAnswer(suspendAgent),
      // The answer is the agent's page as it is now: shown at once, without asking again.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(agentsApi.util.upsertQueryData('agent', id, data.data));
        } catch {
          // The dialog shows the refusal.
        }
      },
      invalidatesTags: (result, _error, { id }) => (result ? [LIST, auditTag(id)] : []),
    }),
    sendPasswordReset: build.mutation<Answer<EndpointData<typeof sendAgentPasswordReset>>, string>({
      query: (id) => requestTo(sendAgentPasswordReset, { params: { id } }),
      transformResponse: parseAnswer(sendAgentPasswordReset),
      invalidatesTags: (result, _error, id) => (result ? [auditTag(id)] : []),
    }),
    adjustments: build.infiniteQuery<ListAnswer<EndpointData<typeof listAgentAdjustments>>, string, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) =>
        requestTo(listAgentAdjustments, { params: { id: queryArg }, query: { cursor: pageParam, limit: 10 } }),
      transformResponse: parseListAnswer(listAgentAdjustments),
      providesTags: (_result, _error, id) => [adjustmentsTag(id)],
    }),
    adjustWallet: build.mutation<
      Answer<EndpointData<typeof adjustAgentWallet>>,
      { id: string; body: TAdjustmentRequest }
    >({
      query: ({ id, body }) => requestTo(adjustAgentWallet, { params: { id }, body }),
      transformResponse: parseAnswer(adjustAgentWallet),
      invalidatesTags: (_result, _error, { id }) => [
        agentTag(id),
        adjustmentsTag(id),
        auditTag(id),
        historyTag(id),
        LIST,
      ],
    }),
    decideAdjustment: build.mutation<
      Answer<EndpointData<typeof approveAdjustment>>,
      { id: string; adjustmentId: string } & ({ decision: 'approve' } | { decision: 'reject'; reason: string })
    >({
      query: (arg) =>
        arg.decision === 'approve'
          ? requestTo(approveAdjustment, { params: { id: arg.id, adjustmentId: arg.adjustmentId } })
          : requestTo(rejectAdjustment, {
              params: { id: arg.id, adjustmentId: arg.adjustmentId },
              body: { reason: arg.reason },
            }),
      transformResponse: parseAnswer(approveAdjustment),
      // Also after a refusal (another operator decided first): the list shows how it stands.
      invalidatesTags: (_result, _error, { id }) => [
        agentTag(id),
        adjustmentsTag(id),
        auditTag(id),
        historyTag(id),
        LIST,
      ],
    }),
    agentTransactions: build.infiniteQuery<
      ListAnswer<EndpointData<typeof listAgentTransactions>>,
      HistoryFilter,
      string
    >({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) =>
        requestTo(listAgentTransactions, {
          params: { id: queryArg.id },
          query: { type: queryArg.type, cursor: pageParam, limit: 10 },
        }),
      transformResponse: parseListAnswer(listAgentTransactions),
      providesTags: (_result, _error, { id }) => [historyTag(id)],
    }),
    // What operators did to this agent (the audit log's rows about them), newest first.
    agentAudit: build.infiniteQuery<ListAnswer<EndpointData<typeof listAudit>>, string, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) =>
        requestTo(listAudit, { query: { agentId: queryArg, cursor: pageParam, limit: 10 } }),
      transformResponse: parseListAnswer(listAudit),
      providesTags: (_result, _error, id) => [auditTag(id)],
    }),
  }),
});

export const {
  useAgentsInfiniteQuery,
  useAgentQuery,
  useAgentKycQuery,
  useCreateAgentMutation,
  useSetAgentStatusMutation,
  useSendPasswordResetMutation,
  useAdjustmentsInfiniteQuery,
  useAdjustWalletMutation,
  useDecideAdjustmentMutation,
  useAgentAuditInfiniteQuery,
  useAgentTransactionsInfiniteQuery,
} = agentsApi;

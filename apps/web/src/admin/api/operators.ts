import { acceptOperatorInvite } from '@agentdesk/contract/admin/auth';
import {
  changeOperatorRole,
  deactivateOperator,
  inviteOperator,
  listOperators,
  type TInviteOperatorRequest,
} from '@agentdesk/contract/admin/operators';
import type { EndpointData, OperatorRole } from '@agentdesk/contract/endpoint';
import { parseAnswer, parseListAnswer, requestTo, type Answer, type ListAnswer } from '../../lib/http/envelope';
import { adminApi } from '../http/admin-api';

/** The provider's operators: the list (every role), and the owner's invitations, role changes and deactivations. */
export const operatorsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    operators: build.infiniteQuery<ListAnswer<EndpointData<typeof listOperators>>, void, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
      },
      query: ({ pageParam }) => requestTo(listOperators, { query: { cursor: pageParam, limit: 50 } }),
      transformResponse: parseListAnswer(listOperators),
      providesTags: ['Operators'],
    }),
    inviteOperator: build.mutation<Answer<EndpointData<typeof inviteOperator>>, TInviteOperatorRequest>({
      query: (body) => requestTo(inviteOperator, { body }),
      transformResponse: parseAnswer(inviteOperator),
      invalidatesTags: ['Operators', 'Audit'],
    }),
    changeOperatorRole: build.mutation<
      Answer<EndpointData<typeof changeOperatorRole>>,
      { id: string; role: OperatorRole }
    >({
      query: ({ id, role }) => requestTo(changeOperatorRole, { params: { id }, body: { role } }),
      transformResponse: parseAnswer(changeOperatorRole),
      invalidatesTags: ['Operators', 'Audit'],
    }),
    deactivateOperator: build.mutation<Answer<EndpointData<typeof deactivateOperator>>, string>({
      query: (id) => requestTo(deactivateOperator, { params: { id } }),
      transformResponse: parseAnswer(deactivateOperator),
      // Also after a refusal: the list shows the operator as they are now.
      invalidatesTags: ['Operators', 'Audit'],
    }),
    /** Public: the invitation's token is the credential; the answer is a session. */
    acceptOperatorInvite: build.mutation<
      Answer<EndpointData<typeof acceptOperatorInvite>>,
      { token: string; newPassword: string }
    >({
      query: (body) => requestTo(acceptOperatorInvite, { body }),
      transformResponse: parseAnswer(acceptOperatorInvite),
      extraOptions: { public: true },
    }),
  }),
});

export const {
  useOperatorsInfiniteQuery,
  useInviteOperatorMutation,
  useChangeOperatorRoleMutation,
  useDeactivateOperatorMutation,
} = operatorsApi;

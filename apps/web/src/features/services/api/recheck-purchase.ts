import { recheckPurchase } from '@agentdesk/contract/purchases/purchase';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { parseAnswer, requestTo, type Answer } from '../../../lib/http/envelope';
import { getPurchaseApi } from './get-purchase';

const recheckPurchaseApi = getPurchaseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Asks the provider now what became of a pending purchase (issue 23). The answer is the
     * order's new state, written where the result screen watches it; whatever it says, the
     * wallet and the history are read again (a failure refunds). Settled meanwhile (409): the
     * order is read again.
     */
    recheckPurchase: build.mutation<Answer<EndpointData<typeof recheckPurchase>>, string>({
      query: (requestId) => requestTo(recheckPurchase, { params: { requestId } }),
      transformResponse: parseAnswer(recheckPurchase),
      invalidatesTags: ['Wallet', 'Transactions'],
      async onQueryStarted(requestId, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(getPurchaseApi.util.upsertQueryData('getPurchase', requestId, data));
        } catch (error) {
          if ((error as { error?: { status?: unknown } }).error?.status === 409) {
            void dispatch(
              getPurchaseApi.endpoints.getPurchase.initiate(requestId, { subscribe: false, forceRefetch: true }),
            );
          }
        }
      },
    }),
  }),
});

export const { useRecheckPurchaseMutation } = recheckPurchaseApi;

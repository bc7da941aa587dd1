import { createPurchase, type TDashboardPurchaseRequest } from '@agentdesk/contract/purchases/purchase';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestOf, type Answer } from '../../../lib/http/envelope';

const createPurchaseApi = api.injectEndpoints({
  endpoints: (build) => ({
    createPurchase: build.mutation<Answer<EndpointData<typeof createPurchase>>, TDashboardPurchaseRequest>({
      query: (body) => requestOf(createPurchase, body),
      transformResponse: parseAnswer(createPurchase),
      // Even a failed call may have charged (the answer was lost on the way back): refetch.
      invalidatesTags: ['Wallet', 'Transactions'],
    }),
  }),
});

export const { useCreatePurchaseMutation } = createPurchaseApi;

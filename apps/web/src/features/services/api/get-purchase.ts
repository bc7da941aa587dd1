import { getPurchase } from '@agentdesk/contract/purchases/purchase';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestTo, type Answer } from '../../../lib/http/envelope';

export const getPurchaseApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPurchase: build.query<Answer<EndpointData<typeof getPurchase>>, string>({
      query: (requestId) => requestTo(getPurchase, { params: { requestId } }),
      transformResponse: parseAnswer(getPurchase),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetPurchaseQuery } = getPurchaseApi;
export const useGetPurchaseState = getPurchaseApi.endpoints.getPurchase.useQueryState;

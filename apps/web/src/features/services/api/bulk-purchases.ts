import {
  createBulkPurchase,
  getBulkPurchase,
  type TBulkPurchaseRequest,
} from '@agentdesk/contract/purchases/bulk-purchase';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestOf, requestTo, type Answer } from '../../../lib/http/envelope';

const bulkPurchasesApi = api.injectEndpoints({
  endpoints: (build) => ({
    createBulkPurchase: build.mutation<Answer<EndpointData<typeof createBulkPurchase>>, TBulkPurchaseRequest>({
      query: (body) => requestOf(createBulkPurchase, body),
      transformResponse: parseAnswer(createBulkPurchase),
    }),
    getBulkPurchase: build.query<Answer<EndpointData<typeof getBulkPurchase>>, string>({
      query: (id) => requestTo(getBulkPurchase, { params: { id } }),
      transformResponse: parseAnswer(getBulkPurchase),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useCreateBulkPurchaseMutation, useGetBulkPurchaseQuery } = bulkPurchasesApi;

import { getReceipt } from '@agentdesk/contract/transactions/receipt';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestTo, type Answer } from '../../../lib/http/envelope';

const receiptApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReceipt: build.query<Answer<EndpointData<typeof getReceipt>>, string>({
      query: (id) => requestTo(getReceipt, { params: { id } }),
      transformResponse: parseAnswer(getReceipt),
      // A pending purchase settles (token, status) or is refunded: a receipt follows its transaction.
      providesTags: ['Transactions'],
    }),
  }),
});

export const { useGetReceiptQuery } = receiptApi;

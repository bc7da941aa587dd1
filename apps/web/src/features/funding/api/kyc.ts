import { getKyc, submitKyc, type TKycRequest } from '@agentdesk/contract/funding/kyc';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestOf, type Answer } from '../../../lib/http/envelope';

const kycApi = api.injectEndpoints({
  endpoints: (build) => ({
    kyc: build.query<Answer<EndpointData<typeof getKyc>>, void>({
      query: () => requestOf(getKyc),
      transformResponse: parseAnswer(getKyc),
      providesTags: ['Funding'],
    }),
    submitKyc: build.mutation<Answer<EndpointData<typeof submitKyc>>, TKycRequest>({
      query: (body) => requestOf(submitKyc, body),
      transformResponse: parseAnswer(submitKyc),
      // The accounts it opened show on Fund Wallet (manual funding lists them too); a refusal
      // changes the state as well, so both outcomes refresh.
      invalidatesTags: (_result, error) =>
        error && 'status' in error && error.status === 'FETCH_ERROR' ? [] : ['Funding'],
    }),
  }),
});

export const { useKycQuery, useSubmitKycMutation } = kycApi;

import { manualFunding } from '@agentdesk/contract/funding/funding-account';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestOf, type Answer } from '../../../lib/http/envelope';

const manualFundingApi = api.injectEndpoints({
  endpoints: (build) => ({
    manualFunding: build.query<Answer<EndpointData<typeof manualFunding>>, void>({
      query: () => requestOf(manualFunding),
      transformResponse: parseAnswer(manualFunding),
      providesTags: ['Funding'],
    }),
  }),
});

export const { useManualFundingQuery } = manualFundingApi;

import { validateJambProfile } from '@agentdesk/contract/catalog/validate';
import type { EndpointData, EndpointQuery } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestTo, type Answer } from '../../../lib/http/envelope';

const validateJambProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    validateJambProfile: build.query<
      Answer<EndpointData<typeof validateJambProfile>>,
      EndpointQuery<typeof validateJambProfile>
    >({
      query: (query) => requestTo(validateJambProfile, { query }),
      transformResponse: parseAnswer(validateJambProfile),
      // Ask the upstream afresh each time: a candidate is verified for the PIN about to be sold.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyValidateJambProfileQuery } = validateJambProfileApi;

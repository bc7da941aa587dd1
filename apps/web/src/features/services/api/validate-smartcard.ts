import { validateSmartcard } from '@agentdesk/contract/catalog/validate';
import type { EndpointData, EndpointQuery } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestTo, type Answer } from '../../../lib/http/envelope';

const validateSmartcardApi = api.injectEndpoints({
  endpoints: (build) => ({
    validateSmartcard: build.query<
      Answer<EndpointData<typeof validateSmartcard>>,
      EndpointQuery<typeof validateSmartcard>
    >({
      query: (query) => requestTo(validateSmartcard, { query }),
      transformResponse: parseAnswer(validateSmartcard),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyValidateSmartcardQuery } = validateSmartcardApi;

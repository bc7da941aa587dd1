import { validateMeter } from '@agentdesk/contract/catalog/validate';
import type { EndpointData, EndpointQuery } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestTo, type Answer } from '../../../lib/http/envelope';

const validateMeterApi = api.injectEndpoints({
  endpoints: (build) => ({
    validateMeter: build.query<Answer<EndpointData<typeof validateMeter>>, EndpointQuery<typeof validateMeter>>({
      query: (query) => requestTo(validateMeter, { query }),
      transformResponse: parseAnswer(validateMeter),
      // A meter's name and arrears change; look it up afresh each time the agent asks.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyValidateMeterQuery } = validateMeterApi;

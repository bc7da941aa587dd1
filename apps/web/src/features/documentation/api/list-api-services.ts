import { listApiServices } from '@agentdesk/contract/api/api-services';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestOf, type Answer } from '../../../lib/http/envelope';

const apiServicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    apiServices: build.query<Answer<EndpointData<typeof listApiServices>>, void>({
      query: () => requestOf(listApiServices),
      transformResponse: parseAnswer(listApiServices),
      providesTags: ['Services'],
    }),
  }),
});

export const { useApiServicesQuery } = apiServicesApi;

import { listServices, type ServiceCategory } from '@agentdesk/contract/catalog/services';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestTo, type Answer } from '../../../lib/http/envelope';

const listServicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listServices: build.query<Answer<EndpointData<typeof listServices>>, ServiceCategory>({
      query: (category) => requestTo(listServices, { query: { category } }),
      transformResponse: parseAnswer(listServices),
      providesTags: ['Services'],
    }),
  }),
});

export const { useListServicesQuery } = listServicesApi;

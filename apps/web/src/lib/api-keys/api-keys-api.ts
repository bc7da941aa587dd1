import { listApiKeys } from '@agentdesk/contract/api/api-keys';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../http/api';
import { parseAnswer, requestTo, type Answer } from '../http/envelope';
import { LIST_API_KEYS } from './api-keys-listed';

/**
 * The agent's API keys. Shared (not in the feature) because the spec's service state keeps
 * the list as `apiKeys` (features/services/service-slice.ts); the screen's changes
 * invalidate the 'ApiKeys' tag so it refetches.
 */
export const apiKeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    [LIST_API_KEYS]: build.query<Answer<EndpointData<typeof listApiKeys>>, void>({
      query: () => requestTo(listApiKeys),
      transformResponse: parseAnswer(listApiKeys),
      providesTags: ['ApiKeys'],
    }),
  }),
});

export const { useListApiKeysQuery } = apiKeysApi;

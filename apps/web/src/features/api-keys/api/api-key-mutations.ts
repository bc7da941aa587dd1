import { createApiKey, revokeApiKey, updateApiKey, type TUpdateApiKeyRequest } from '@agentdesk/contract/api/api-keys';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestTo, type Answer } from '../../../lib/http/envelope';

const apiKeyMutations = api.injectEndpoints({
  endpoints: (build) => ({
    createApiKey: build.mutation<Answer<EndpointData<typeof createApiKey>>, void>({
      query: () => requestTo(createApiKey),
      transformResponse: parseAnswer(createApiKey),
      invalidatesTags: ['ApiKeys'],
    }),
    updateApiKey: build.mutation<Answer<EndpointData<typeof updateApiKey>>, { id: string } & TUpdateApiKeyRequest>({
      query: ({ id, ...body }) => requestTo(updateApiKey, { params: { id }, body }),
      transformResponse: parseAnswer(updateApiKey),
      invalidatesTags: ['ApiKeys'],
    }),
    revokeApiKey: build.mutation<Answer<EndpointData<typeof revokeApiKey>>, string>({
      query: (id) => requestTo(revokeApiKey, { params: { id } }),
      transformResponse: parseAnswer(revokeApiKey),
      invalidatesTags: ['ApiKeys'],
    }),
  }),
});

export const { useCreateApiKeyMutation, useUpdateApiKeyMutation, useRevokeApiKeyMutation } = apiKeyMutations;

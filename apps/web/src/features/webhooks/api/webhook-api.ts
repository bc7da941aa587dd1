import {
  getWebhook,
  listWebhookDeliveries,
  rotateWebhookSecret,
  saveWebhook,
  sendWebhookTest,
  type TSaveWebhookRequest,
} from '@agentdesk/contract/api/webhooks';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, parseListAnswer, requestTo, type Answer, type ListAnswer } from '../../../lib/http/envelope';

export const DELIVERIES_PAGE_SIZE = 20;

/**
 * The agent's webhook and its delivery log. The screen refetches after each change (no cache
 * tag of its own): the secret in a mutation's answer is read once and dropped (callMutation).
 */
const webhookApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWebhook: build.query<Answer<EndpointData<typeof getWebhook>>, void>({
      query: () => requestTo(getWebhook),
      transformResponse: parseAnswer(getWebhook),
    }),
    saveWebhook: build.mutation<Answer<EndpointData<typeof saveWebhook>>, TSaveWebhookRequest>({
      query: (body) => requestTo(saveWebhook, { body }),
      transformResponse: parseAnswer(saveWebhook),
    }),
    rotateWebhookSecret: build.mutation<Answer<EndpointData<typeof rotateWebhookSecret>>, void>({
      query: () => requestTo(rotateWebhookSecret),
      transformResponse: parseAnswer(rotateWebhookSecret),
    }),
    sendWebhookTest: build.mutation<Answer<EndpointData<typeof sendWebhookTest>>, void>({
      query: () => requestTo(sendWebhookTest),
      transformResponse: parseAnswer(sendWebhookTest),
    }),
    listWebhookDeliveries: build.infiniteQuery<ListAnswer<EndpointData<typeof listWebhookDeliveries>>, void, string>({
      infiniteQueryOptions: {
        // '' is the first page: requestTo leaves empty values out of the query string.
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
      },
      query: ({ pageParam }) =>
        requestTo(listWebhookDeliveries, { query: { cursor: pageParam, limit: DELIVERIES_PAGE_SIZE } }),
      transformResponse: parseListAnswer(listWebhookDeliveries),
    }),
  }),
});

export const {
  useGetWebhookQuery,
  useSaveWebhookMutation,
  useRotateWebhookSecretMutation,
  useSendWebhookTestMutation,
  useListWebhookDeliveriesInfiniteQuery,
} = webhookApi;

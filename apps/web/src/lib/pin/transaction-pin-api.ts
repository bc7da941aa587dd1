import type { z } from 'zod';
import {
  changePin,
  getPinStatus,
  requestPinResetCode,
  resetPin,
  setPin,
  type ZChangePinRequest,
  type ZResetPinRequest,
  type ZSetPinRequest,
} from '@agentdesk/contract/auth/transaction-pin';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../http/api';
import { parseAnswer, requestOf, type Answer } from '../http/envelope';

/**
 * The agent's transaction PIN (docs/decisions/043): whether it is set and whether purchases
 * are paused, shared by the purchase confirmation and the Profile page.
 */
const pinApi = api.injectEndpoints({
  endpoints: (build) => ({
    pinStatus: build.query<Answer<EndpointData<typeof getPinStatus>>, void>({
      query: () => requestOf(getPinStatus),
      transformResponse: parseAnswer(getPinStatus),
      providesTags: ['Pin'],
    }),
    setPin: build.mutation<Answer<EndpointData<typeof setPin>>, z.output<typeof ZSetPinRequest>>({
      query: (body) => requestOf(setPin, body),
      transformResponse: parseAnswer(setPin),
      invalidatesTags: ['Pin'],
    }),
    changePin: build.mutation<Answer<EndpointData<typeof changePin>>, z.output<typeof ZChangePinRequest>>({
      query: (body) => requestOf(changePin, body),
      transformResponse: parseAnswer(changePin),
      invalidatesTags: ['Pin'],
    }),
    requestPinResetCode: build.mutation<Answer<EndpointData<typeof requestPinResetCode>>, void>({
      query: () => requestOf(requestPinResetCode),
      transformResponse: parseAnswer(requestPinResetCode),
    }),
    resetPin: build.mutation<Answer<EndpointData<typeof resetPin>>, z.output<typeof ZResetPinRequest>>({
      query: (body) => requestOf(resetPin, body),
      transformResponse: parseAnswer(resetPin),
      invalidatesTags: ['Pin'],
    }),
  }),
});

export const {
  usePinStatusQuery,
  useSetPinMutation,
  useChangePinMutation,
  useRequestPinResetCodeMutation,
  useResetPinMutation,
} = pinApi;

import type { z } from 'zod';
import { changePassword, type ZChangePasswordRequest } from '@agentdesk/contract/auth/change-password';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestOf, type Answer } from '../../../lib/http/envelope';

const changePasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<
      Answer<EndpointData<typeof changePassword>>,
      z.output<typeof ZChangePasswordRequest>
    >({
      query: (body) => requestOf(changePassword, body),
      transformResponse: parseAnswer(changePassword),
    }),
  }),
});

export const { useChangePasswordMutation } = changePasswordApi;

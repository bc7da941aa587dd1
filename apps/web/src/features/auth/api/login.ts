import type { z } from 'zod';
import { login, ZLoginRequest } from '@agentdesk/contract/auth/login';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestOf, type Answer } from '../../../lib/http/envelope';
import { validate } from '../../../lib/forms/validate';

export const loginApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<Answer<EndpointData<typeof login>>, z.output<typeof ZLoginRequest>>({
      query: (body) => requestOf(login, body),
      transformResponse: parseAnswer(login),
      extraOptions: { public: true },
    }),
  }),
});

export const validateLogin = (values: unknown) => validate(ZLoginRequest, values);

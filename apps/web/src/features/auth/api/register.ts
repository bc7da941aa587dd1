import type { z } from 'zod';
import { register, ZRegisterRequest } from '@agentdesk/contract/auth/register';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestOf, type Answer } from '../../../lib/http/envelope';
import { validate } from '../../../lib/forms/validate';

export const registerApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<Answer<EndpointData<typeof register>>, z.output<typeof ZRegisterRequest>>({
      query: (body) => requestOf(register, body),
      transformResponse: parseAnswer(register),
      extraOptions: { public: true },
    }),
  }),
});

export const validateRegister = (values: unknown) => validate(ZRegisterRequest, values);

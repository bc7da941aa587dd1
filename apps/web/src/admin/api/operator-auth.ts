import { operatorLogin, operatorLogout } from '@agentdesk/contract/admin/auth';
import type { TLoginRequest } from '@agentdesk/contract/auth/login';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { parseAnswer, requestOf, type Answer } from '../../lib/http/envelope';
import { adminApi } from '../http/admin-api';

/** The operator's sign-in and sign-out (POST /api/v1/admin/auth/login, /logout). */
export const operatorAuthApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    operatorLogin: build.mutation<Answer<EndpointData<typeof operatorLogin>>, TLoginRequest>({
      query: (body) => requestOf(operatorLogin, body),
      transformResponse: parseAnswer(operatorLogin),
      extraOptions: { public: true },
    }),
    /** Takes the token explicitly: the session is forgotten here before the answer arrives. */
    operatorLogout: build.mutation<unknown, string>({
      query: (token) => ({ ...requestOf(operatorLogout), headers: { Authorization: `Bearer ${token}` } }),
      extraOptions: { public: true },
    }),
  }),
});

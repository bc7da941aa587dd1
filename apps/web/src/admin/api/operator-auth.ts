import { operatorLogin, operatorLogout, operatorMe } from '@agentdesk/contract/admin/auth';
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
    /** The signed-in operator as the server has them now (their role may have changed). */
    operatorMe: build.query<Answer<EndpointData<typeof operatorMe>>, void>({
      query: () => requestOf(operatorMe),
      transformResponse: parseAnswer(operatorMe),
    }),
    /** Takes the token explicitly: the session is forgotten here before the answer arrives. */
    operatorLogout: build.mutation<unknown, string>({
      query: (token) => ({ ...requestOf(operatorLogout), headers: { Authorization: `Bearer ${token}` } }),
      extraOptions: { public: true },
    }),
  }),
});

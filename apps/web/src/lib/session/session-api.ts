import { me } from '@agentdesk/contract/auth/me';
import { logout } from '@agentdesk/contract/auth/logout';
import { api } from '../http/api';
import { parseAnswer, requestOf, type Answer } from '../http/envelope';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { userRefreshed } from './auth-slice';

/** The calls that belong to the session itself, used by the shell of every screen. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<Answer<EndpointData<typeof me>>, void>({
      query: () => requestOf(me),
      transformResponse: parseAnswer(me),
      providesTags: ['Me'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(userRefreshed(data.data.user));
        } catch {
          // A 401 already ended the session in the base query; other failures keep the stored user.
        }
      },
    }),
    /** Takes the token explicitly: the session is cleared locally before the answer arrives. */
    logout: build.mutation<unknown, string>({
      query: (token) => ({ ...requestOf(logout), headers: { Authorization: `Bearer ${token}` } }),
      extraOptions: { public: true },
    }),
  }),
});

export const { useMeQuery } = sessionApi;

/** Asks the server for the signed-in user afresh (RequireAuth then finds the request under way). */
export const prefetchMe = () => sessionApi.util.prefetch('me', undefined, { force: true });

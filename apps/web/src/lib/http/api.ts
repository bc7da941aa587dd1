import { createApi } from '@reduxjs/toolkit/query/react';
import { authError, type AuthRootState } from '../session/auth-slice';
import { earlyAnswerKey, takeEarlyAnswer } from './early-answer';
import { sessionBaseQuery } from './session-base-query';

/** The agent's session: its token in `auth`, ended by `authError` on a 401 for it. */
const sessionQuery = sessionBaseQuery({
  token: (state) => (state as AuthRootState).auth.token,
  expired: authError,
});

/**
 * The session's requests, of which a GET the prerendered page already made (decision 049) takes
 * that answer instead of asking again. An early request that failed (network, 401, 5xx) is asked
 * again here, so its error is handled as any other: a 401 signs out, a 500 is said.
 */
export const baseQueryWithSession: typeof sessionQuery = async (args, baseApi, extraOptions) => {
  const request = typeof args === 'string' ? { url: args } : args;
  if ((request.method ?? 'GET').toUpperCase() === 'GET' && !extraOptions?.public) {
    const early = takeEarlyAnswer(earlyAnswerKey(request.url, request.params));
    if (early) {
      try {
        return { data: await early };
      } catch {
        // asked again below
      }
    }
  }
  return sessionQuery(args, baseApi, extraOptions);
};

/** The one server-data layer: features inject their endpoints into it (decision 006). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithSession,
  tagTypes: [
    'Me',
    'Support',
    'Wallet',
    'Transactions',
    'Funding',
    'Banks',
    'Notifications',
    'Services',
    'Purchases',
    'ApiKeys',
    'SavedCustomers',
    'Pin',
  ],
  endpoints: () => ({}),
});

import { createApi } from '@reduxjs/toolkit/query/react';
import { authError, type AuthRootState } from '../session/auth-slice';
import { sessionBaseQuery } from './session-base-query';

/** The agent's session: its token in `auth`, ended by `authError` on a 401 for it. */
export const baseQueryWithSession = sessionBaseQuery({
  token: (state) => (state as AuthRootState).auth.token,
  expired: authError,
});

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

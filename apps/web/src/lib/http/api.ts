import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { apiOrigin } from '../config';
import { authError, type AuthRootState } from '../session/auth-slice';

/** Per-endpoint options: `public` calls (login, register, the reset steps) never send the token. */
export interface ApiExtraOptions {
  public?: boolean;
}

let rawBaseQuery: ReturnType<typeof fetchBaseQuery> | undefined;

function getRawBaseQuery() {
  // Created on first use so the configured origin is read after the page has loaded.
  rawBaseQuery ??= fetchBaseQuery({ baseUrl: apiOrigin() });
  return rawBaseQuery;
}

/**
 * fetch + the session rules of the spec: every call except the public ones carries
 * `Authorization: Bearer`, and a 401 on a call that carried the current token ends the session.
 */
export const baseQueryWithSession: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions
> = async (args, baseApi, extraOptions) => {
  const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
  const token = extraOptions?.public ? null : (baseApi.getState() as AuthRootState).auth.token;
  const headers = new Headers(request.headers as HeadersInit | undefined);
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  request.headers = headers;

  const result = await getRawBaseQuery()(request, baseApi, {});
  const sentToken = headers.get('Authorization')?.replace(/^Bearer /, '');
  if (
    result.error?.status === 401 &&
    sentToken !== undefined &&
    sentToken === (baseApi.getState() as AuthRootState).auth.token
  ) {
    // Only the session that made the call may be ended by its 401: a late answer to an
    // old token must not sign out a session started since.
    baseApi.dispatch(authError());
  }
  return result;
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
  ],
  endpoints: () => ({}),
});

import type { UnknownAction } from '@reduxjs/toolkit';
import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { apiOrigin } from '../config';

/** Per-endpoint options: `public` calls (sign-in, register, the reset steps) never send a token. */
export interface SessionExtraOptions {
  public?: boolean;
}

let rawBaseQuery: ReturnType<typeof fetchBaseQuery> | undefined;

function getRawBaseQuery() {
  // Created on first use so the configured origin is read after the page has loaded.
  rawBaseQuery ??= fetchBaseQuery({ baseUrl: apiOrigin() });
  return rawBaseQuery;
}

/**
 * fetch + the session rules of the spec, for a session kept in a store (the agent's, the
 * operator's): every call except the public ones carries `Authorization: Bearer`, and a 401
 * on a call that carried the current token ends that session.
 */
export function sessionBaseQuery(session: {
  /** The current token in the store's state, or null when signed out. */
  token: (state: unknown) => string | null;
  /** The action that ends the session. */
  expired: () => UnknownAction;
}): BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, SessionExtraOptions> {
  return async (args, baseApi, extraOptions) => {
    const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
    const token = extraOptions?.public ? null : session.token(baseApi.getState());
    const headers = new Headers(request.headers as HeadersInit | undefined);
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    request.headers = headers;

    const result = await getRawBaseQuery()(request, baseApi, {});
    const sentToken = headers.get('Authorization')?.replace(/^Bearer /, '');
    if (result.error?.status === 401 && sentToken !== undefined && sentToken === session.token(baseApi.getState())) {
      // Only the session that made the call may be ended by its 401: a late answer to an
      // old token must not sign out a session started since.
      baseApi.dispatch(session.expired());
    }
    return result;
  };
}

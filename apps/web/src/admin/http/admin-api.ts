import { createApi } from '@reduxjs/toolkit/query/react';
import { sessionBaseQuery } from '../../lib/http/session-base-query';
import { operatorSignedOut, type OperatorSessionRootState } from '../session/operator-session-slice';

/**
 * The agent's session rules (decision 006) for the operator's session: every call but the
 * sign-in carries the operator's token, and a 401 on a call that carried the current token
 * ends the session. It reads the console's own store only, never the agent's `auth`.
 */
export const baseQueryWithOperator = sessionBaseQuery({
  token: (state) => (state as OperatorSessionRootState).operatorSession.token,
  expired: () => operatorSignedOut('expired'),
});

/**
 * The console's server-data layer: an RTK Query api of its own, in the console's chunk and
 * store, so the agent's `api` (and the agent's first download) does not grow with it.
 */
export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery: baseQueryWithOperator,
  tagTypes: [
    'FundingQueue',
    'GatewayPayments',
    'Overview',
    'Agents',
    'Orders',
    'Catalog',
    'PriceLevels',
    'Upstreams',
    'Notifications',
    'Settings',
    'Operators',
    'Audit',
  ],
  endpoints: () => ({}),
});

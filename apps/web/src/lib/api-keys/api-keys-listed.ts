import type { UnknownAction } from '@reduxjs/toolkit';
import type { TApiKey } from '@agentdesk/contract/api/api-keys';
import { api } from '../http/api';

/** The RTK Query endpoint that lists the agent's keys (lib/api-keys/api-keys-api.ts). */
export const LIST_API_KEYS = 'listApiKeys' as const;

/**
 * The list query's answer arriving. Matched by name rather than with the endpoint's
 * `matchFulfilled`, so the store (in the sign-in screens' entry chunk) does not pull the
 * endpoint and its contract schemas in: /login keeps its size budget (decision 008).
 */
export function isApiKeysListed(action: UnknownAction): action is UnknownAction & { payload: { data: TApiKey[] } } {
  const meta = action.meta as { arg?: { endpointName?: string } } | undefined;
  return action.type === `${api.reducerPath}/executeQuery/fulfilled` && meta?.arg?.endpointName === LIST_API_KEYS;
}

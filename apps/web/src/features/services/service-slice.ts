import { createSlice } from '@reduxjs/toolkit';
import type { TApiKey } from '@agentdesk/contract/api/api-keys';
import { isApiKeysListed } from '../../lib/api-keys/api-keys-listed';
import { authError } from '../../lib/session/auth-slice';

/**
 * The spec's service state. `apiKeys` is the list of the last `GET /api/v1/agent/api/keys`
 * answer (null until one arrives): RTK Query owns the call and its cache (decision 006),
 * this mirrors it. `services` and `apiServices` stay opaque until a screen needs them here.
 */
export interface ServiceState {
  services: readonly unknown[];
  apiServices: readonly unknown[];
  apiKeys: readonly TApiKey[] | null;
}

const initialState: ServiceState = { services: [], apiServices: [], apiKeys: null };

const serviceSlice = createSlice({
  name: 'service',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addMatcher(isApiKeysListed, (state, action) => {
        state.apiKeys = action.payload.data;
      })
      // A session that ends takes its keys with it.
      .addMatcher(authError.match, (state) => {
        state.apiKeys = null;
      });
  },
});

export const serviceReducer = serviceSlice.reducer;

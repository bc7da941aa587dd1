import { createSlice } from '@reduxjs/toolkit';

/**
 * The spec's service state. Its items are filled by the catalogue and API-key screens of a
 * later step; until then they are opaque.
 */
export interface ServiceState {
  services: readonly unknown[];
  apiServices: readonly unknown[];
  apiKeys: readonly unknown[] | null;
}

const initialState: ServiceState = { services: [], apiServices: [], apiKeys: null };

const serviceSlice = createSlice({
  name: 'service',
  initialState,
  reducers: {},
});

export const serviceReducer = serviceSlice.reducer;

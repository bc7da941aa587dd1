import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loadOperatorSession, type StoredOperator, type StoredOperatorSession } from './operator-session-storage';

/** Why the last session ended, so the sign-in screen can say it. */
export type SessionEnd = 'signed-out' | 'expired' | 'elsewhere';

export interface OperatorSessionState {
  token: string | null;
  expiresAt: string | null;
  operator: StoredOperator | null;
  ended: SessionEnd | null;
}

export interface OperatorSessionRootState {
  operatorSession: OperatorSessionState;
}

export function initialOperatorSessionState(): OperatorSessionState {
  const stored = typeof window === 'undefined' ? null : loadOperatorSession();
  return {
    token: stored?.token ?? null,
    expiresAt: stored?.expiresAt ?? null,
    operator: stored?.operator ?? null,
    ended: null,
  };
}

const operatorSessionSlice = createSlice({
  name: 'operatorSession',
  initialState: initialOperatorSessionState,
  reducers: {
    operatorSignedIn(state, action: PayloadAction<StoredOperatorSession>) {
      state.token = action.payload.token;
      state.expiresAt = action.payload.expiresAt;
      state.operator = action.payload.operator;
      state.ended = null;
    },
    /** The operator as the server now has them (a role changed since sign-in), same session. */
    operatorRefreshed(state, action: PayloadAction<StoredOperator>) {
      if (state.token === null) return;
      state.operator = action.payload;
    },
    /** Sign-out, a 401 on the current token, the absolute expiry, or a sign-out in another tab. */
    operatorSignedOut(state, action: PayloadAction<SessionEnd>) {
      if (state.token === null) return;
      state.token = null;
      state.expiresAt = null;
      state.operator = null;
      state.ended = action.payload;
    },
  },
});

export const { operatorSignedIn, operatorRefreshed, operatorSignedOut } = operatorSessionSlice.actions;
export const operatorSessionReducer = operatorSessionSlice.reducer;
export const selectOperatorSession = (state: OperatorSessionRootState) => state.operatorSession;

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TUser } from '@agentdesk/contract/auth/user';
import { loadSession } from './session-storage';

/** What the password-reset steps carry from one screen to the next. */
export interface ResetPasswordState {
  identifier?: string;
  resetToken?: string;
  expiresAt?: string;
}

/** The spec's auth state (section 3). */
export interface AuthState {
  token: string | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  user: TUser | null;
  reset_password: ResetPasswordState;
}

export interface AuthRootState {
  auth: AuthState;
}

/** Restores the state from the stored session when it holds a token (spec section 4). */
export function initialAuthState(): AuthState {
  const session = typeof window === 'undefined' ? null : loadSession();
  return {
    token: session?.token ?? null,
    isLoading: false,
    isAuthenticated: session !== null,
    user: session?.user ?? null,
    reset_password: {},
  };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    userLoading(state) {
      state.isLoading = true;
    },
    loginSuccess(state, action: PayloadAction<{ token: string; user: TUser }>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.isAuthenticated = true;
      state.isLoading = false;
    },
    loginFailure(state) {
      state.isLoading = false;
    },
    userRefreshed(state, action: PayloadAction<TUser>) {
      state.user = action.payload;
    },
    /** Logout, an expired token or any 401: forget who is signed in. */
    authError(state) {
      state.token = null;
      state.user = null;
      state.isAuthenticated = false;
      state.isLoading = false;
    },
    resetPasswordMerged(state, action: PayloadAction<ResetPasswordState>) {
      state.reset_password = { ...state.reset_password, ...action.payload };
    },
    resetPasswordCleared(state) {
      state.reset_password = {};
    },
  },
});

export const {
  userLoading,
  loginSuccess,
  loginFailure,
  userRefreshed,
  authError,
  resetPasswordMerged,
  resetPasswordCleared,
} = authSlice.actions;

export const authReducer = authSlice.reducer;

export const selectAuth = (state: AuthRootState) => state.auth;
export const selectUser = (state: AuthRootState) => state.auth.user;
export const selectResetPassword = (state: AuthRootState) => state.auth.reset_password;

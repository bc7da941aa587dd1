import { describe, expect, it } from 'vitest';
import { TEST_USER, storeSession } from '../../test/render';
import {
  authError,
  authReducer,
  initialAuthState,
  loginFailure,
  loginSuccess,
  resetPasswordMerged,
  userLoading,
  type AuthState,
} from './auth-slice';

const signedOut: AuthState = { token: null, isLoading: false, isAuthenticated: false, user: null, reset_password: {} };

describe('the auth state (spec sections 3 and 4)', () => {
  it('starts signed out without a stored session, and restored with one', () => {
    expect(initialAuthState()).toEqual(signedOut);
    storeSession('stored-token');
    expect(initialAuthState()).toMatchObject({ token: 'stored-token', isAuthenticated: true, user: TEST_USER });
  });

  it('ignores a stored session without a token', () => {
    window.localStorage.setItem('user_session', JSON.stringify({ token: '', user: TEST_USER }));
    expect(initialAuthState().isAuthenticated).toBe(false);
  });

  it('loads, succeeds and fails as the spec says', () => {
    const loading = authReducer(signedOut, userLoading());
    expect(loading.isLoading).toBe(true);
    expect(authReducer(loading, loginFailure())).toEqual(signedOut);
    const signedIn = authReducer(loading, loginSuccess({ token: 't', user: TEST_USER }));
    expect(signedIn).toMatchObject({ token: 't', user: TEST_USER, isAuthenticated: true, isLoading: false });
    expect(authReducer(signedIn, authError())).toEqual(signedOut);
  });

  it('merges reset-password payloads', () => {
    const first = authReducer(signedOut, resetPasswordMerged({ identifier: 'ada@example.com' }));
    const second = authReducer(first, resetPasswordMerged({ resetToken: 'rt', expiresAt: 'soon' }));
    expect(second.reset_password).toEqual({ identifier: 'ada@example.com', resetToken: 'rt', expiresAt: 'soon' });
  });
});

import { useCallback } from 'react';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useStore } from 'react-redux';
import { useNavigate } from 'react-router';
import { toast } from '../toast';
import { authError, type AuthRootState } from './auth-slice';
import { sessionApi } from './session-api';

/**
 * Signs out: forgets the session at once (so the screen never waits on the network), tells
 * the server to revoke the token in the background, and says so with the spec's toast.
 */
export function useLogout() {
  const dispatch = useDispatch<ThunkDispatch<AuthRootState, unknown, UnknownAction>>();
  const store = useStore<AuthRootState>();
  const navigate = useNavigate();

  return useCallback(() => {
    const { token } = store.getState().auth;
    if (token) {
      // Fire and forget: a failed revoke must not keep anyone signed in on this device.
      void dispatch(sessionApi.endpoints.logout.initiate(token));
    }
    dispatch(authError());
    toast.error('You have Logout', { toastId: 'logout' });
    void navigate('/login', { replace: true });
  }, [dispatch, navigate, store]);
}

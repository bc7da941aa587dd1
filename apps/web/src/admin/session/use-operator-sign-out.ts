import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { useNavigate } from 'react-router';
import { useAdminDispatch } from '../store-hooks';
import { operatorAuthApi } from '../api/operator-auth';
import { CONSOLE_LOGIN } from './operator-guards';
import { operatorSignedOut, type OperatorSessionRootState } from './operator-session-slice';

/**
 * Signs the operator out as the agent's dashboard does: forgets the session at once (the
 * screen never waits on the network), asks the server to revoke the token in the background,
 * and goes to the console's sign-in, which says so.
 */
export function useOperatorSignOut() {
  const dispatch = useAdminDispatch();
  const store = useStore<OperatorSessionRootState>();
  const navigate = useNavigate();
  return useCallback(() => {
    const { token } = store.getState().operatorSession;
    // Fire and forget: a failed revoke must not keep anyone signed in on this device.
    if (token) void dispatch(operatorAuthApi.endpoints.operatorLogout.initiate(token));
    dispatch(operatorSignedOut('signed-out'));
    void navigate(CONSOLE_LOGIN, { replace: true });
  }, [dispatch, navigate, store]);
}

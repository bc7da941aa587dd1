import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { operatorSignedIn, operatorSignedOut, selectOperatorSession } from './operator-session-slice';
import { loadOperatorSession, OPERATOR_SESSION_KEY } from './operator-session-storage';

/** setTimeout's longest wait (about 24.8 days); a session's absolute limit is hours. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Keeps the operator's session true in this tab: it ends at its absolute expiry (as the
 * server ends it), and a sign-out or sign-in in another tab of the console applies here too.
 */
export function SessionSync() {
  const dispatch = useDispatch();
  const { token, expiresAt } = useSelector(selectOperatorSession);

  useEffect(() => {
    if (!token || !expiresAt) return;
    const wait = Date.parse(expiresAt) - Date.now();
    const timer = setTimeout(() => dispatch(operatorSignedOut('expired')), Math.min(Math.max(wait, 0), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [dispatch, token, expiresAt]);

  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key !== OPERATOR_SESSION_KEY) return;
      const stored = event.newValue === null ? null : loadOperatorSession();
      if (stored) dispatch(operatorSignedIn(stored));
      else dispatch(operatorSignedOut('elsewhere'));
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch]);

  return null;
}

import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { operatorAuthApi } from '../api/operator-auth';
import {
  operatorRefreshed,
  operatorSignedIn,
  operatorSignedOut,
  selectOperatorSession,
} from './operator-session-slice';
import { loadOperatorSession, OPERATOR_SESSION_KEY } from './operator-session-storage';

/** setTimeout's longest wait (about 24.8 days); a session's absolute limit is hours. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Keeps the operator's session true in this tab: it ends at its absolute expiry (as the
 * server ends it), a sign-out or sign-in in another tab of the console applies here too, and
 * the operator's role is asked again when the console opens and when its tab comes back (an
 * owner may have changed it since sign-in: the screens offer what the role now allows).
 */
export function SessionSync() {
  const dispatch = useDispatch();
  const { token, expiresAt, operator } = useSelector(selectOperatorSession);
  const me = operatorAuthApi.useOperatorMeQuery(undefined, { skip: !token, refetchOnMountOrArgChange: true });
  const current = me.data?.data;

  useEffect(() => {
    if (!current || !operator || current.id !== operator.id) return;
    const { firstName, lastName, username, role } = current;
    if (role === operator.role && firstName === operator.firstName && lastName === operator.lastName) return;
    dispatch(operatorRefreshed({ id: current.id, firstName, lastName, username, role }));
  }, [dispatch, current, operator]);

  useEffect(() => {
    if (!token) return;
    const refetch = me.refetch;
    function onVisible() {
      if (document.visibilityState === 'visible') void refetch();
    }
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [token, me.refetch]);

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

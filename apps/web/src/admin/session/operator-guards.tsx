import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useLocation } from 'react-router';
import { selectOperatorSession } from './operator-session-slice';

export const CONSOLE_HOME = '/admin';
export const CONSOLE_LOGIN = '/admin/login';

interface FromState {
  from?: { pathname?: unknown; search?: unknown; hash?: unknown };
}

/**
 * Where to go after signing in: the console page that sent the operator to sign in, else the
 * console's start; never outside the console. (app/guards.ts has the agent's twin; importing
 * it would split the agent's entry chunk.)
 */
export function consoleReturnPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (typeof from?.pathname !== 'string' || !/^\/admin(?:\/|$)/.test(from.pathname)) return CONSOLE_HOME;
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return `${from.pathname}${search}${hash}`;
}

/**
 * The console's screens: signed out (never signed in, expired, signed out in another tab),
 * the operator goes to /admin/login, which brings them back here afterwards. An agent's
 * session does not count: the console reads the operator's session only.
 */
export function RequireOperator({ children }: { children: ReactNode }) {
  const { token, ended } = useSelector(selectOperatorSession);
  const { pathname, search, hash } = useLocation();
  if (token) return children;
  // After "Sign out" the operator starts again from the console's home, not the page they left.
  const state = ended === 'signed-out' ? null : { from: { pathname, search, hash } };
  return <Navigate to={CONSOLE_LOGIN} replace state={state} />;
}

/** The sign-in screen: a signed-in operator goes on to the console page they wanted. */
export function OperatorGuestOnly({ children }: { children: ReactNode }) {
  const { token } = useSelector(selectOperatorSession);
  const location = useLocation();
  if (!token) return children;
  return <Navigate to={consoleReturnPath(location.state)} replace />;
}

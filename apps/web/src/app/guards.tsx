import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, Outlet, useLocation } from 'react-router';
import { selectAuth } from '../lib/session/auth-slice';
import { returnPath } from '../lib/session/return-path';
import { AppAuthFlow } from './app-auth-flow';
import { loadProtectedArea } from './protected-area';

/** Where a signed-out visitor goes: /login, remembering the page for afterwards. */
export function LoginRedirect() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to="/login" replace state={{ from: { pathname, search, hash } }} />;
}

/**
 * The first gate of the protected area, in the entry chunk: a signed-out visitor is sent to
 * /login at once instead of first downloading the dashboard's frame.
 */
export function SignedInOnly() {
  const { isAuthenticated } = useSelector(selectAuth);
  return isAuthenticated ? <Outlet /> : <LoginRedirect />;
}

/** The sign-in screens: someone already signed in goes on to where they were heading. */
export function GuestOnly() {
  const { isAuthenticated, isLoading } = useSelector(selectAuth);
  const location = useLocation();
  // A sign-in or registration is under way: fetch the dashboard's frame meanwhile.
  useEffect(() => {
    if (isLoading) loadProtectedArea().catch(() => undefined);
  }, [isLoading]);
  if (isAuthenticated) return <Navigate to={returnPath(location.state)} replace />;
  return (
    <AppAuthFlow>
      <Outlet />
    </AppAuthFlow>
  );
}

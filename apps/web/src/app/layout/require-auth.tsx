import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useLocation } from 'react-router';
import { FullPageLogo } from '../../components/full-page-logo';
import { selectAuth } from '../../lib/session/auth-slice';
import { useMeQuery } from '../../lib/session/session-api';

/**
 * The protected area (spec section 4): the logo while auth loads, the layout when signed
 * in, otherwise /login remembering where the person wanted to go. Entering refreshes the
 * user from the server; a 401 there ends the session (base query) and lands here again.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading, user } = useSelector(selectAuth);
  const location = useLocation();
  const me = useMeQuery(undefined, { skip: !isAuthenticated, refetchOnMountOrArgChange: true });

  if (isLoading || (isAuthenticated && !user && me.isLoading)) return <FullPageLogo />;
  if (!isAuthenticated) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return children;
}

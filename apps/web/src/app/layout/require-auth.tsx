import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { FullPageLogo } from '../../components/full-page-logo';
import { selectAuth } from '../../lib/session/auth-slice';
import { useMeQuery } from '../../lib/session/session-api';
import { LoginRedirect } from '../guards';

/**
 * The protected area (spec section 4): the logo while auth loads, the layout when signed
 * in, otherwise /login remembering where the person wanted to go. Entering refreshes the
 * user from the server (the frame's route loader asks, route-prefetch.ts, or this query when
 * nothing did); a 401 there ends the session (base query) and lands here again.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading, user } = useSelector(selectAuth);
  const me = useMeQuery(undefined, { skip: !isAuthenticated });

  if (isLoading || (isAuthenticated && !user && me.isLoading)) return <FullPageLogo />;
  // Signed out while inside (logout elsewhere, a 401): back to /login, remembering the page.
  if (!isAuthenticated) return <LoginRedirect />;
  return children;
}

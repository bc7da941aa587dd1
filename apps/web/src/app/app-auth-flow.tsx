import { useMemo, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthFlowProvider, type AuthFlow, type AuthLinkProps } from '../features/auth/auth-flow';
import {
  loginFailure,
  loginSuccess,
  resetPasswordCleared,
  resetPasswordMerged,
  selectAuth,
  userLoading,
} from '../lib/session/auth-slice';
import { useThunkDispatch } from '../lib/use-thunk-dispatch';

function RouterLink({ to, className, children }: AuthLinkProps) {
  return (
    <Link className={className} to={to}>
      {children}
    </Link>
  );
}

/**
 * The sign-in screens inside the app (decision 042): links and steps go through React Router,
 * the session and the reset steps' state through the store. The guest guard (guards.tsx) sends
 * the person on once signed in.
 */
export function AppAuthFlow({ children }: { children: ReactNode }) {
  const dispatch = useThunkDispatch();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { isLoading, reset_password: reset } = useSelector(selectAuth);
  const flow = useMemo<AuthFlow>(
    () => ({
      Link: RouterLink,
      navigate: async (to, options) => navigate(to, options),
      search,
      busy: isLoading,
      signingIn: () => dispatch(userLoading()),
      signedIn: (session) => dispatch(loginSuccess(session)),
      signInFailed: () => dispatch(loginFailure()),
      reset,
      resetMerged: (state) => dispatch(resetPasswordMerged(state)),
      resetCleared: () => dispatch(resetPasswordCleared()),
    }),
    [dispatch, navigate, search, isLoading, reset],
  );
  return <AuthFlowProvider value={flow}>{children}</AuthFlowProvider>;
}

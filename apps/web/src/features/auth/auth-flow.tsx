import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { ResetPasswordState } from '../../lib/session/auth-slice';
import type { StoredSession } from '../../lib/session/session-storage';

/** A link to another screen: `to` is a path of the app (`/register`), under the base path. */
export type AuthLinkProps = { to: string; className?: string; children: ReactNode };

/**
 * What the sign-in screens need from around them (decision 042). The same five screens run in
 * the app (app/app-auth-flow.tsx: React Router, the store) and on the guest pages, the small
 * entry that /login, /register and /reset-password load first (guest/guest-auth-flow.tsx:
 * plain links, the page's own state, the app loaded when it is needed). Everything else (the
 * form, the checks, the calls, the toasts) is the screens' own.
 */
export interface AuthFlow {
  Link: ComponentType<AuthLinkProps>;
  /** Goes to another screen (the reset steps lead to the next one). */
  navigate: (to: string, options?: { replace?: boolean }) => Promise<void>;
  /** The address's query (a referral link's `?ref=`). */
  search: URLSearchParams;
  /** A sign-in or registration is under way. */
  busy: boolean;
  signingIn: () => void;
  /** The server accepted the person: the session is kept and they go on to where they were heading. */
  signedIn: (session: StoredSession) => void;
  signInFailed: () => void;
  /** What the reset steps carry from one screen to the next. */
  reset: ResetPasswordState;
  resetMerged: (state: ResetPasswordState) => void;
  resetCleared: () => void;
}

const AuthFlowContext = createContext<AuthFlow | null>(null);

export const AuthFlowProvider = AuthFlowContext.Provider;

/** The flow the sign-in screens are shown in. */
export function useAuthFlow(): AuthFlow {
  const flow = useContext(AuthFlowContext);
  if (!flow) throw new Error('a sign-in screen is shown outside an AuthFlowProvider');
  return flow;
}

import { useMemo, useRef, useState, type ReactNode } from 'react';
import { AuthFlowProvider, type AuthFlow, type AuthLinkProps } from '../features/auth/auth-flow';
import { getConfig } from '../lib/config';
import type { ResetPasswordState } from '../lib/session/auth-slice';
import { saveSession } from '../lib/session/session-storage';
import { returnPath } from '../lib/session/return-path';

/** An address of the app under the base path, as React Router writes it in a link. */
export function appHref(to: string): string {
  const base = getConfig().basePath;
  return base === '/' ? to : `${base}${to}`;
}

/** A link to another guest page is a page load: a small, cached entry and a prerendered page. */
function PageLink({ to, className, children }: AuthLinkProps) {
  return (
    <a className={className} href={appHref(to)}>
      {children}
    </a>
  );
}

/** Where the guest page hands over to the app, and with what (guest-entry.tsx does it). */
export interface HandOverTo {
  path: string;
  replace: boolean;
  reset: ResetPasswordState;
}

/**
 * The sign-in screens on a guest page (decision 042): links load the other guest pages, and
 * what needs the app (the home after signing in, the next reset step) hands the page over to it.
 */
export function GuestAuthFlow({
  children,
  search,
  handOver,
  onSigningIn,
}: {
  children: ReactNode;
  /** The address's query. */
  search: URLSearchParams;
  handOver: (to: HandOverTo) => Promise<void>;
  /** A sign-in or registration has been sent: time to fetch what the home needs. */
  onSigningIn: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [reset, setReset] = useState<ResetPasswordState>({});
  // The latest reset state, for a step that merges it and moves on in the same handler.
  const latestReset = useRef<ResetPasswordState>({});
  const flow = useMemo<AuthFlow>(() => {
    const changeReset = (next: ResetPasswordState) => {
      latestReset.current = next;
      setReset(next);
    };
    return {
      Link: PageLink,
      navigate: (to, options) => handOver({ path: to, replace: options?.replace ?? false, reset: latestReset.current }),
      search,
      busy,
      signingIn: () => {
        setBusy(true);
        onSigningIn();
      },
      signedIn: (session) => {
        saveSession(session);
        // The button keeps its spinner until the app has the page; React Router's state says
        // which page sent the person to /login.
        const state = (window.history.state as { usr?: unknown } | null)?.usr;
        void handOver({ path: returnPath(state), replace: true, reset: {} });
      },
      signInFailed: () => setBusy(false),
      reset,
      resetMerged: (state) => changeReset({ ...latestReset.current, ...state }),
      resetCleared: () => changeReset({}),
    };
  }, [busy, reset, search, handOver, onSigningIn]);
  return <AuthFlowProvider value={flow}>{children}</AuthFlowProvider>;
}

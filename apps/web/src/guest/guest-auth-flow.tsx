import { useCallback, useMemo, useRef, useState, type ComponentType, type MouseEvent, type ReactNode } from 'react';
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

/** A click the page handles itself: the main button, no key held (others open a tab, a window...). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** Links as React Router draws them (the same `href`), followed without a page load by `go`. */
function linkGoingBy(go: (to: string) => Promise<void>): ComponentType<AuthLinkProps> {
  return function GuestLink({ to, className, children }: AuthLinkProps) {
    return (
      <a
        className={className}
        href={appHref(to)}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          void go(to);
        }}
      >
        {children}
      </a>
    );
  };
}

/** Where the guest page hands over to the app, and with what (guest.tsx does it). */
export interface HandOverTo {
  path: string;
  replace: boolean;
  reset: ResetPasswordState;
}

/**
 * The sign-in screens on a guest page (decision 042): a link to another guest screen shows it
 * in the page (`show`); what needs the app (another screen, the home after signing in, the next
 * reset step) hands the page over to it.
 */
export function GuestAuthFlow({
  children,
  search,
  show,
  handOver,
  onSigningIn,
}: {
  children: ReactNode;
  /** The address's query. */
  search: URLSearchParams;
  /** Shows the guest screen at `to` and answers true, or answers false when it is not one. */
  show: (to: string) => boolean;
  handOver: (to: HandOverTo) => Promise<void>;
  /** A sign-in or registration has been sent: time to fetch what the home needs. */
  onSigningIn: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [reset, setReset] = useState<ResetPasswordState>({});
  // The latest reset state, for a step that merges it and moves on in the same handler.
  const latestReset = useRef<ResetPasswordState>({});
  const go = useCallback(
    (to: string, replace: boolean, carried: ResetPasswordState) =>
      show(to) ? Promise.resolve() : handOver({ path: to, replace, reset: carried }),
    [show, handOver],
  );
  const Link = useMemo(() => linkGoingBy((to) => go(to, false, reset)), [go, reset]);
  const flow = useMemo<AuthFlow>(() => {
    const changeReset = (next: ResetPasswordState) => {
      latestReset.current = next;
      setReset(next);
    };
    return {
      Link,
      navigate: (to, options) => go(to, options?.replace ?? false, latestReset.current),
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
  }, [Link, go, busy, reset, search, handOver, onSigningIn]);
  return <AuthFlowProvider value={flow}>{children}</AuthFlowProvider>;
}

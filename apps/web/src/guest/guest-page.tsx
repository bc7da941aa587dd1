import { StrictMode, useCallback, useEffect, useState } from 'react';
import { LoginRoute } from '../features/auth/routes/login-route';
import { RegisterRoute } from '../features/auth/routes/register-route';
import { ResetPasswordRoute } from '../features/auth/routes/reset-password-route';
import { getConfig } from '../lib/config';
import { dismissToasts, toastsAskedBefore } from '../lib/toast';
import { appHref, GuestAuthFlow, type HandOverTo } from './guest-auth-flow';

export { appHref } from './guest-auth-flow';

/** The screens a guest page shows, by path (without the base path): the prerendered sign-in pages. */
export const GUEST_SCREENS = {
  login: LoginRoute,
  register: RegisterRoute,
  'reset-password': ResetPasswordRoute,
} as const;

export type GuestScreen = keyof typeof GUEST_SCREENS;

/** The guest screen at an address's path (with the base path), if it is one. */
export function screenAt(pathname: string): GuestScreen | undefined {
  const base = getConfig().basePath;
  const path = (base === '/' ? pathname : pathname.slice(base.length)).replace(/^\/|\/$/g, '');
  return Object.hasOwn(GUEST_SCREENS, path) ? (path as GuestScreen) : undefined;
}

/**
 * A guest page's tree: the build prerenders it (prerender/render-pages.tsx) and the guest entry
 * hydrates it (guest.tsx), so both render exactly this. Its links to the other guest screens
 * show them here, as the app would, with the address, the tab's title and Back.
 */
export function GuestPage({
  screen: first,
  search,
  handOver,
  onSigningIn,
}: {
  screen: GuestScreen;
  search: URLSearchParams;
  handOver: (to: HandOverTo) => Promise<void>;
  onSigningIn: () => void;
}) {
  const [screen, setScreen] = useState(first);
  const [query, setQuery] = useState(search);

  const showAt = useCallback((pathname: string, nextSearch: string) => {
    const next = screenAt(pathname);
    if (!next) return false;
    // A new screen, as in the app: the previous one's toasts go, the page starts at its top.
    dismissToasts(toastsAskedBefore(performance.now()));
    window.scrollTo({ top: 0 });
    setQuery(new URLSearchParams(nextSearch));
    setScreen(next);
    return true;
  }, []);

  const show = useCallback(
    (to: string) => {
      const url = new URL(appHref(to), window.location.href);
      if (!showAt(url.pathname, url.search)) return false;
      window.history.pushState(null, '', url);
      return true;
    },
    [showAt],
  );

  // Back and Forward between the guest screens.
  useEffect(() => {
    const onPopState = () => {
      if (!showAt(window.location.pathname, window.location.search)) window.location.reload();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [showAt]);

  const Screen = GUEST_SCREENS[screen];
  return (
    <StrictMode>
      <GuestAuthFlow search={query} show={show} handOver={handOver} onSigningIn={onSigningIn}>
        <Screen key={screen} />
      </GuestAuthFlow>
    </StrictMode>
  );
}

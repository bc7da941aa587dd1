import { StrictMode } from 'react';
import { LoginRoute } from '../features/auth/routes/login-route';
import { RegisterRoute } from '../features/auth/routes/register-route';
import { ResetPasswordRoute } from '../features/auth/routes/reset-password-route';
import { GuestAuthFlow, type HandOverTo } from './guest-auth-flow';

export { appHref } from './guest-auth-flow';

/** The screens a guest page shows, by path (without the base path): the prerendered sign-in pages. */
export const GUEST_SCREENS = {
  login: LoginRoute,
  register: RegisterRoute,
  'reset-password': ResetPasswordRoute,
} as const;

export type GuestScreen = keyof typeof GUEST_SCREENS;

export function isGuestScreen(name: string): name is GuestScreen {
  return Object.hasOwn(GUEST_SCREENS, name);
}

/**
 * A guest page's tree: the build prerenders it (prerender/render-pages.tsx) and the guest entry
 * hydrates it (guest.tsx), so both render exactly this.
 */
export function GuestPage({
  screen,
  search,
  handOver,
  onSigningIn,
}: {
  screen: GuestScreen;
  search: URLSearchParams;
  handOver: (to: HandOverTo) => Promise<void>;
  onSigningIn: () => void;
}) {
  const Screen = GUEST_SCREENS[screen];
  return (
    <StrictMode>
      <GuestAuthFlow search={search} handOver={handOver} onSigningIn={onSigningIn}>
        <Screen />
      </GuestAuthFlow>
    </StrictMode>
  );
}

import { LogoMark } from './logo-mark';

/** Shown while the auth state loads (spec section 2): the logo, gently pulsing. */
export function FullPageLogo() {
  return (
    <div className="logo-screen" role="status" aria-label="Loading">
      <LogoMark />
    </div>
  );
}

import { loadWithNotice } from './lazy-screen';

const load = () => import('./layout/main-layout');
let pending: ReturnType<typeof load> | undefined;

/**
 * The protected frame's chunk (guard, MUI theme, top bar, menu), loaded at most once. The
 * route loads it on entry; the sign-in screens start loading it as soon as a sign-in is under
 * way, so the dashboard does not wait for it after the server answers. Retried with the same
 * notice and 120 s limit as every screen.
 */
export function loadProtectedArea(): ReturnType<typeof load> {
  pending ??= loadWithNotice(load).catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

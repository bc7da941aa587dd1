import { deferred } from '../lib/deferred';

/**
 * The protected frame's chunk (guard, MUI theme, top bar, menu). The route loads it on
 * entry; the sign-in screens start loading it as soon as a sign-in is under way, so the
 * dashboard does not wait for it after the server answers.
 */
export const loadProtectedArea = deferred(() => import('./layout/main-layout'), 120_000);

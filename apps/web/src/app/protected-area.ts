import { nextTask } from '../lib/next-task';
import { loadWithNotice } from './lazy-screen';

/**
 * The frame's code in two steps, each run in a task of its own (decision 048): first its API
 * modules, which bring zod and the contract's schemas, then its libraries (MUI) and components.
 * Together they held a slow phone's main thread for one long task. Both are fetched at once (the
 * prerendered page preloads them; the second's imports include the first's).
 */
const load = async () => {
  await Promise.all([import('../features/notifications/api/notifications'), import('../lib/session/use-logout')]);
  await nextTask();
  return import('./layout/main-layout');
};
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

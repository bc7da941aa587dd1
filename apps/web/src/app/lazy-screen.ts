import type { ComponentType } from 'react';
import { retryImport } from '../lib/lazy-retry';
import { clearLoadTrouble, reportLoadTrouble } from './load-trouble';

/**
 * Loads a screen's module, retried with back-off: the first failure shows "Could not load
 * this screen" with Retry at once (load-trouble.tsx), and after 120 s it fails with a
 * ChunkLoadError (shown by the route's error screen).
 */
export function loadWithNotice<T>(load: () => Promise<T>): Promise<T> {
  const key = Symbol('screen');
  return retryImport(load, {
    onTrouble: ({ retryNow }) => reportLoadTrouble(key, retryNow),
    onSettled: () => clearLoadTrouble(key),
  });
}

/**
 * A route's `lazy` for a screen module: loaded on demand, retried with a visible notice, and
 * failing with a ChunkLoadError after 120 s.
 *
 * @example { path: 'login', lazy: lazyScreen(() => import('./login-route').then((m) => m.LoginRoute)) }
 */
export function lazyScreen(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await loadWithNotice(load) });
}

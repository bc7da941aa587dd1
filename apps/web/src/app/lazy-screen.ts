import type { ComponentType } from 'react';
import { retryImport } from '../lib/lazy-retry';

/**
 * A route's `lazy` for a screen module: loaded on demand, retried, and failing with a
 * ChunkLoadError after 120 s (shown by the route's error screen).
 *
 * @example { path: 'login', lazy: lazyScreen(() => import('./login-route').then((m) => m.LoginRoute)) }
 */
export function lazyScreen(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await retryImport(load) });
}

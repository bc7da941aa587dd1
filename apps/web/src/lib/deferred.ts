import { retryImport } from './lazy-retry';

/**
 * A module loaded on first need (and at most once), retried on a flaky network. Sign-in
 * screens load their validation and API code this way, when the person starts filling the
 * form, so the screen itself renders sooner (decision 008).
 *
 * @example const loadLoginApi = deferred(() => import('./login'));
 */
export function deferred<T>(load: () => Promise<T>, timeoutMs = 30_000): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= retryImport(load, { timeoutMs }).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

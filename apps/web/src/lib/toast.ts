import { useSyncExternalStore } from 'react';
import { retryImport } from './lazy-retry';
import type * as ReactToastify from 'react-toastify';

type Toastify = typeof ReactToastify;

let toastify: Promise<Toastify> | undefined;
const wantedListeners = new Set<() => void>();

/**
 * react-toastify (8 KiB compressed) is not in the first download of any page: it arrives with
 * the first toast, retried like a screen on a flaky network. A toast asked for meanwhile is
 * shown once it is here (react-toastify queues it until its container has mounted).
 */
export function loadToastify(): Promise<Toastify> {
  if (!toastify) {
    toastify = retryImport(() => import('react-toastify'));
    toastify.catch(() => {
      toastify = undefined;
    });
    for (const listener of wantedListeners) listener();
  }
  return toastify;
}

/** Whether a toast has been asked for, so the container is worth mounting. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      wantedListeners.add(listener);
      return () => wantedListeners.delete(listener);
    },
    () => toastify !== undefined,
    () => false,
  );
}

/** `toastId` makes a toast shown twice (two tabs signing out, a double click) show once. */
interface ToastOptions {
  toastId?: string;
}

/** When each toast was asked for, by id: what a screen change dismisses (app/toasts-follow-screens.ts). */
const askedAt = new Map<string, number>();
let lastId = 0;

function show(kind: 'success' | 'error' | 'info') {
  return (message: string, options?: ToastOptions): string => {
    const toastId = options?.toastId ?? `toast-${++lastId}`;
    askedAt.set(toastId, performance.now());
    void loadToastify()
      .then(({ toast: real }) => real[kind](message, { ...options, toastId }))
      .catch(() => undefined);
    return toastId;
  };
}

/**
 * The app's one way to show a toast: `toast.success(message)`, `toast.error(message)`,
 * `toast.info(message)`, each with an optional `{ toastId }`; each answers the toast's id.
 * Settings (where, how long) are the container's (app/toasts.tsx).
 */
export const toast = { success: show('success'), error: show('error'), info: show('info') };

/** The toasts asked for before `time` (performance.now()) that have not been dismissed. */
export function toastsAskedBefore(time: number): string[] {
  return [...askedAt].filter(([, at]) => at < time).map(([id]) => id);
}

/** Closes these toasts (one already gone is no matter). */
export function dismissToasts(ids: readonly string[]): void {
  for (const id of ids) askedAt.delete(id);
  if (!toastify || ids.length === 0) return;
  void toastify.then(({ toast: real }) => ids.forEach((id) => real.dismiss(id))).catch(() => undefined);
}

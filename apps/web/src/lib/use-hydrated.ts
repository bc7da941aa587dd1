import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates a page the build prerendered (decision 039), true from the render
 * after it, and always true in a page the browser rendered itself. What must not work before
 * the app has taken over (a form's submit button) waits for it; the markup of that first
 * render is the prerendered one, so the two match.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

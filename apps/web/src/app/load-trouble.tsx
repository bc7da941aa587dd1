import { useSyncExternalStore } from 'react';

/** The screens whose code failed to arrive and is being fetched again, with a way to retry now. */
const troubles = new Map<symbol, () => void>();
const listeners = new Set<() => void>();
let snapshot = 0;

function changed() {
  snapshot += 1;
  for (const listener of listeners) listener();
}

/** A screen's code failed to load and will be tried again (`retryNow` does it at once). */
export function reportLoadTrouble(key: symbol, retryNow: () => void): void {
  troubles.set(key, retryNow);
  changed();
}

/** That screen's code arrived, or its loading was given up (the route's error screen says so). */
export function clearLoadTrouble(key: symbol): void {
  if (troubles.delete(key)) changed();
}

/** Calls `listener` when a screen's code fails to load, or arrives after failing; answers how to stop. */
export function subscribeLoadTrouble(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Said at once when a screen's code could not be fetched (a flaky network), while it keeps
 * being fetched again in the background; Retry tries now. Plain markup, outside the router:
 * it shows over the loading logo too, and needs none of the chunks that may be missing.
 */
export function LoadTrouble() {
  useSyncExternalStore(
    subscribeLoadTrouble,
    () => snapshot,
    () => snapshot,
  );
  if (troubles.size === 0) return null;
  return (
    <div role="alert" className="load-trouble">
      <span>Could not load this screen. Check your connection.</span>
      <button
        type="button"
        className="plain-button"
        onClick={() => {
          for (const retryNow of [...troubles.values()]) retryNow();
        }}
      >
        Retry
      </button>
    </div>
  );
}

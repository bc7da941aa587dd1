/** Spec section 9: a lazy screen has 120 s to load before it counts as failed. */
export const LAZY_LOAD_TIMEOUT_MS = 120_000;

/** Waits between attempts: 1 s, 2 s, 4 s, then every 8 s until the time-out. */
export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000] as const;

/** What a screen that could not be loaded fails with (spec section 8). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** One failed attempt, while more are to come. */
export interface RetryTrouble {
  error: unknown;
  /** How many attempts have failed so far. */
  failures: number;
  /** Tries again now instead of waiting for the next scheduled attempt. */
  retryNow: () => void;
}

export interface RetryOptions {
  timeoutMs?: number;
  /** Waits between attempts; the last one repeats until the time-out. */
  delaysMs?: readonly number[];
  /** Called after each failed attempt that will be retried (to tell the person at once). */
  onTrouble?: (trouble: RetryTrouble) => void;
  /** Called once the load has ended: loaded, or given up with a ChunkLoadError. */
  onSettled?: () => void;
}

/**
 * Loads a lazy module, retrying with back-off (a deploy or a flaky mobile network can fail
 * one fetch), and gives up with a ChunkLoadError once `timeoutMs` has passed, also when an
 * attempt simply hangs. Each failure is reported through `onTrouble`, whose `retryNow`
 * skips the wait.
 *
 * @example const { LoginRoute } = await retryImport(() => import('./login-route'));
 */
export function retryImport<T>(load: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? LAZY_LOAD_TIMEOUT_MS;
  const delays = options.delaysMs ?? RETRY_DELAYS_MS;

  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let lastError: unknown;
    let failures = 0;
    let inFlight = false;
    let wait: ReturnType<typeof setTimeout> | undefined;

    function settle() {
      settled = true;
      clearTimeout(timer);
      clearTimeout(wait);
      options.onSettled?.();
    }

    const timer = setTimeout(() => {
      if (settled) return;
      settle();
      reject(new ChunkLoadError(`The screen did not load within ${timeoutMs / 1000} s`, { cause: lastError }));
    }, timeoutMs);

    function retryNow() {
      if (settled || inFlight) return;
      clearTimeout(wait);
      void attempt();
    }

    async function attempt(): Promise<void> {
      inFlight = true;
      try {
        const module = await load();
        inFlight = false;
        if (settled) return;
        settle();
        resolve(module);
      } catch (error) {
        inFlight = false;
        lastError = error;
        if (settled) return;
        const delay = delays[Math.min(failures, delays.length - 1)] ?? 1000;
        failures += 1;
        wait = setTimeout(() => void attempt(), delay);
        options.onTrouble?.({ error, failures, retryNow });
      }
    }

    void attempt();
  });
}

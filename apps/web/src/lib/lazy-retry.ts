/** Spec section 9: a lazy screen has 120 s to load before it counts as failed. */
export const LAZY_LOAD_TIMEOUT_MS = 120_000;

/** What a screen that could not be loaded fails with (spec section 8). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export interface RetryOptions {
  timeoutMs?: number;
  /** Waits between attempts; the last one repeats until the time-out. */
  delaysMs?: readonly number[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads a lazy module, retrying with back-off (a deploy or a flaky mobile network can fail
 * one fetch), and gives up with a ChunkLoadError once `timeoutMs` has passed, also when an
 * attempt simply hangs.
 *
 * @example const { LoginRoute } = await retryImport(() => import('./login-route'));
 */
export function retryImport<T>(load: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? LAZY_LOAD_TIMEOUT_MS;
  const delays = options.delaysMs ?? [500, 1000, 2000, 4000, 8000];
  const deadline = Date.now() + timeoutMs;

  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let lastError: unknown;
    const timer = setTimeout(() => {
      settled = true;
      reject(new ChunkLoadError(`The screen did not load within ${timeoutMs / 1000} s`, { cause: lastError }));
    }, timeoutMs);

    async function attempt(index: number): Promise<void> {
      try {
        const module = await load();
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(module);
      } catch (error) {
        lastError = error;
        if (settled) return;
        const wait = delays[Math.min(index, delays.length - 1)] ?? 1000;
        if (Date.now() + wait >= deadline) return; // the timer reports the failure
        await sleep(wait);
        if (!settled) await attempt(index + 1);
      }
    }

    void attempt(0);
  });
}

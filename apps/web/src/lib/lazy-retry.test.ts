import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, LAZY_LOAD_TIMEOUT_MS, retryImport } from './lazy-retry';

describe('retryImport', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries a failed load and resolves when a later attempt succeeds', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('screen');
    const result = retryImport(load);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(result).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('fails with a ChunkLoadError after 120 s of failures', async () => {
    expect(LAZY_LOAD_TIMEOUT_MS).toBe(120_000);
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new TypeError('offline'));
    const result = retryImport(load);
    const outcome = expect(result).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(119_000);
    expect(load.mock.calls.length).toBeGreaterThan(5);
    await vi.advanceTimersByTimeAsync(1_000);
    await outcome;
  });

  it('fails with a ChunkLoadError when a load hangs', async () => {
    const result = retryImport(() => new Promise<string>(() => undefined));
    const outcome = expect(result).rejects.toThrow('did not load within 120 s');
    await vi.advanceTimersByTimeAsync(LAZY_LOAD_TIMEOUT_MS);
    await outcome;
  });
});

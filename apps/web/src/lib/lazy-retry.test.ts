import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, LAZY_LOAD_TIMEOUT_MS, RETRY_DELAYS_MS, retryImport } from './lazy-retry';

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

describe('retryImport with a notice', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports the first failure at once, backs off 1 s, 2 s, 4 s, 8 s, and settles when the load works', async () => {
    let online = false;
    const load = vi.fn(() => (online ? Promise.resolve('screen') : Promise.reject(new TypeError('offline'))));
    const onTrouble = vi.fn();
    const onSettled = vi.fn();
    const result = retryImport(load, { onTrouble, onSettled });
    await vi.advanceTimersByTimeAsync(0);
    expect(onTrouble).toHaveBeenCalledTimes(1);
    expect(onTrouble.mock.calls[0]?.[0]).toMatchObject({ failures: 1 });
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1); // 1 s
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000); // 2 s
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4_000); // 4 s
    expect(load).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(8_000); // 8 s, the cap
    expect(load).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(8_000);
    expect(load).toHaveBeenCalledTimes(6);
    expect(RETRY_DELAYS_MS.at(-1)).toBe(8_000);
    online = true;
    await vi.advanceTimersByTimeAsync(8_000);
    await expect(result).resolves.toBe('screen');
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('tries again at once on retryNow, without waiting for the back-off', async () => {
    let online = false;
    const load = vi.fn(() => (online ? Promise.resolve('screen') : Promise.reject(new TypeError('offline'))));
    let retryNow = () => undefined as void;
    const result = retryImport(load, { onTrouble: (trouble) => (retryNow = trouble.retryNow) });
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    online = true;
    retryNow();
    await vi.advanceTimersByTimeAsync(0);
    await expect(result).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000); // the scheduled attempt was cancelled
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('still ends in a ChunkLoadError after 120 s, and then stops retrying', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new TypeError('offline'));
    const onSettled = vi.fn();
    const result = retryImport(load, { onTrouble: () => undefined, onSettled });
    const outcome = expect(result).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(LAZY_LOAD_TIMEOUT_MS);
    await outcome;
    expect(onSettled).toHaveBeenCalledTimes(1);
    const calls = load.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(calls);
  });
});

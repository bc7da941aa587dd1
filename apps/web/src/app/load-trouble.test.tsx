import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadTrouble } from './load-trouble';
import { loadWithNotice } from './lazy-screen';

describe('a screen whose code fails to load', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('says so at once with Retry, retries now on Retry, and goes away once the code arrives', async () => {
    let online = false;
    const load = vi.fn(() => (online ? Promise.resolve('screen') : Promise.reject(new TypeError('Failed to fetch'))));
    render(<LoadTrouble />);
    expect(screen.queryByRole('alert')).toBeNull();

    let loaded: Promise<string> | undefined;
    await act(async () => {
      loaded = loadWithNotice(load);
      await vi.advanceTimersByTimeAsync(0);
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load this screen. Check your connection.');

    online = true;
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Retry' }));
    await expect(loaded).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(2); // at once, not after the 1 s back-off
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives way to the ChunkLoadError after 120 s', async () => {
    render(<LoadTrouble />);
    let outcome: Promise<unknown> | undefined;
    await act(async () => {
      outcome = loadWithNotice(() => Promise.reject(new TypeError('offline'))).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('alert')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(120_000);
    });
    expect(((await outcome) as Error).name).toBe('ChunkLoadError');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

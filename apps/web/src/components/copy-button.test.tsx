import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';
import { stubClipboard } from '../test/clipboard';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Clicks the button and lets the clipboard's promise settle. */
async function clickCopy(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
    await Promise.resolve();
  });
}

/** Moves the fake clock on, inside act, so React renders what the timers did. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('the copy button', () => {
  it('copies the value, says so for two seconds, then offers to copy again', async () => {
    vi.useFakeTimers();
    const writeText = stubClipboard();
    render(<CopyButton value="AD-20261122-0001" label="Copy reference" />);
    await clickCopy('Copy reference');
    expect(writeText).toHaveBeenCalledWith('AD-20261122-0001');
    expect(screen.getByRole('button', { name: 'Copy reference: copied' })).toBeTruthy();
    await advance(1999);
    expect(screen.getByRole('button', { name: 'Copy reference: copied' })).toBeTruthy();
    await advance(1);
    expect(screen.getByRole('button', { name: 'Copy reference' })).toBeTruthy();
  });

  it('leaves no timer behind once it is gone, so nothing fires after the page', async () => {
    vi.useFakeTimers();
    stubClipboard();
    const { unmount } = render(<CopyButton value="1234" label="Copy token" />);
    await clickCopy('Copy token');
    expect(screen.getByRole('button', { name: 'Copy token: copied' })).toBeTruthy();
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stays as it was when the clipboard refuses', async () => {
    const writeText = stubClipboard(() => Promise.reject(new Error('denied')));
    render(<CopyButton value="1234" label="Copy token" />);
    await clickCopy('Copy token');
    expect(writeText).toHaveBeenCalledWith('1234');
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeTruthy();
  });
});

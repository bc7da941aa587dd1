import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { toast as toastify } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../lib/toast';
import { Toasts } from './toasts';
import { dismissToastsOnScreenChange } from './toasts-follow-screens';

const screens = [
  { path: '/', element: null },
  { path: '/next', element: null },
  { path: '/third', element: null },
];

describe('toasts across screens', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('dismisses the previous screen’s toasts, and keeps one that came with the navigation', async () => {
    const router = createMemoryRouter(screens, { initialEntries: ['/'] });
    stop = dismissToastsOnScreenChange(router);
    render(<Toasts />);

    const dismiss = vi.spyOn(toastify, 'dismiss');
    let old = '';
    let welcome = '';
    await act(async () => {
      old = toast.error('Old screen trouble');
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(await screen.findByText('Old screen trouble')).toBeTruthy();

    // The person acts (a click), which shows a toast and leads to the next screen.
    await act(async () => {
      window.dispatchEvent(new Event('pointerdown'));
      await new Promise((resolve) => setTimeout(resolve, 5));
      welcome = toast.success('Welcome back');
      await router.navigate('/next');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    });
    // Dismissed (jsdom plays no exit animation, so the element itself lingers).
    expect(dismiss).toHaveBeenCalledWith(old);
    expect(dismiss).not.toHaveBeenCalledWith(welcome);
    expect(screen.getByText('Welcome back')).toBeTruthy();
    dismiss.mockRestore();
  });
});

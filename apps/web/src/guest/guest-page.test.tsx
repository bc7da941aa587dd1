import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, TEST_USER } from '../test/render';
import type { HandOverTo } from './guest-auth-flow';
import { GuestPage, type GuestScreen } from './guest-page';

function renderGuest(screenName: GuestScreen, search = '') {
  window.history.replaceState(null, '', `/${screenName}${search}`);
  const handOver = vi.fn((_to: HandOverTo) => Promise.resolve());
  const onSigningIn = vi.fn();
  render(
    <GuestPage
      screen={screenName}
      search={new URLSearchParams(search)}
      handOver={handOver}
      onSigningIn={onSigningIn}
    />,
  );
  return { handOver, onSigningIn };
}

describe('a guest page (decision 042)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the other sign-in screens itself, with their address, and hands over for anything else', async () => {
    const { handOver } = renderGuest('login');
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(await screen.findByRole('heading', { name: 'Create an account', level: 1 })).toBeTruthy();
    expect(window.location.pathname).toBe('/register');
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?', level: 1 })).toBeTruthy();
    expect(handOver).not.toHaveBeenCalled();

    await user.click(screen.getByRole('link', { name: 'I already have a code' }));
    expect(handOver).toHaveBeenCalledWith({ path: '/otp-reset-password', replace: false, reset: {} });
  });

  it('signs in with the same screen as the app: the session stored, then the page handed to the app', async () => {
    const { requests } = mockApi({
      'POST /api/v1/agent/auth/login': () =>
        json(200, {
          message: 'Welcome back, Ada',
          data: { user: TEST_USER, authorization: { token: 'new-token', type: 'Bearer', expiresAt: '2030-01-01' } },
        }),
    });
    // Sent to /login by the app from a protected page: React Router's state remembers it.
    window.history.replaceState({ usr: { from: { pathname: '/user/profile', search: '?tab=2' } } }, '', '/login');
    const handOver = vi.fn((_to: HandOverTo) => Promise.resolve());
    const onSigningIn = vi.fn();
    render(<GuestPage screen="login" search={new URLSearchParams()} handOver={handOver} onSigningIn={onSigningIn} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email, username or phone'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() =>
      expect(handOver).toHaveBeenCalledWith({ path: '/user/profile?tab=2', replace: true, reset: {} }),
    );
    expect(onSigningIn).toHaveBeenCalledTimes(1);
    expect(await requests[0]?.json()).toEqual({ identifier: 'ada', password: 'secret-pass' });
    expect(JSON.parse(window.localStorage.getItem('user_session') ?? '{}')).toMatchObject({ token: 'new-token' });
    // Its spinner stays until the app has the page.
    expect(screen.getByRole('button', { name: 'Sign in' }).getAttribute('aria-busy')).toBe('true');
  });

  it('says a wrong password on the page and lets the person try again', async () => {
    mockApi({
      'POST /api/v1/agent/auth/login': () =>
        json(401, { message: 'Incorrect login details', code: 'INVALID_CREDENTIALS' }),
    });
    const { handOver } = renderGuest('login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email, username or phone'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const button = screen.getByRole('button', { name: 'Sign in' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(handOver).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('user_session')).toBeNull();
  });

  it('carries the reset step’s identifier to the app with the next step', async () => {
    mockApi({
      'POST /api/v1/agent/auth/reset-password': () => json(200, { message: 'Check your email', data: null }),
    });
    const { handOver } = renderGuest('reset-password');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email or phone number'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    await waitFor(() =>
      expect(handOver).toHaveBeenCalledWith({
        path: '/otp-reset-password',
        replace: false,
        reset: { identifier: 'ada@example.com' },
      }),
    );
  });

  it('fills the referral code from the address', () => {
    renderGuest('register', '?ref=ADA12345');
    expect(screen.getByLabelText<HTMLInputElement>('Referral code (optional)').value).toBe('ADA12345');
  });
});

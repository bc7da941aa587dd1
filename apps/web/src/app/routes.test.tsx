import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, Outlet } from 'react-router';
import { json, mockApi, renderRoutes, storeSession, TEST_USER } from '../test/render';
import { ChunkLoadError } from '../lib/lazy-retry';
import { RootShell } from './root-shell';
import { RouteErrorScreen } from './route-error-screen';
import { routes } from './routes';
import { TOAST_SETTINGS } from './toasts';

const meAnswer = () => json(200, { message: 'OK', data: { user: TEST_USER } });

describe('routing', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a signed-out visitor of a protected route to /login', async () => {
    const { router } = renderRoutes(routes, '/user/profile');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: { pathname: '/user/profile', search: '', hash: '' } });
  });

  it('shows a protected screen, refreshed from GET /me, when a session is stored', async () => {
    storeSession();
    const { requests } = mockApi({ 'GET /api/v1/agent/auth/me': meAnswer });
    renderRoutes(routes, '/services/cable');
    expect(await screen.findByRole('heading', { name: 'Cable Subscription', level: 1 })).toBeTruthy();
    expect(requests.map((request) => new URL(request.url).pathname)).toContain('/api/v1/agent/auth/me');
  });

  it.each([
    ['/', 'Dashboard'],
    ['/dashboard/default', 'Dashboard'],
    ['/user/transactions', 'Transactions'],
    ['/user/profile', 'Profile'],
    ['/more/support', 'Support'],
    ['/services/data', 'Data'],
    ['/services/airtime', 'Airtime'],
    ['/services/electricity', 'Electricity Bill'],
    ['/services/cable', 'Cable Subscription'],
    ['/services/result-checker', 'Result Checker'],
    ['/documentation', 'Documentation'],
    ['/developer/api-keys', 'API Keys'],
    ['/user/referral', 'My Referral'],
    ['/user/transactions/txn_1/receipt', 'Receipt'],
  ])('%s has its title', async (path, title) => {
    storeSession();
    mockApi({ 'GET /api/v1/agent/auth/me': meAnswer });
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeTruthy();
  });

  it('shows the animated logo while auth loads', async () => {
    storeSession();
    mockApi({ 'GET /api/v1/agent/auth/me': meAnswer });
    renderRoutes(routes, '/', {
      auth: { token: 'token-1', user: TEST_USER, isAuthenticated: true, isLoading: true, reset_password: {} },
    });
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });

  it('sends an expired session (401 from /me) to /login and forgets it', async () => {
    storeSession('expired');
    mockApi({ 'GET /api/v1/agent/auth/me': () => json(401, { message: 'Expired', code: 'UNAUTHENTICATED' }) });
    const { router } = renderRoutes(routes, '/documentation');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('user_session')).toBeNull();
  });

  it('shows an error screen with a reload button when a lazy screen fails to load', async () => {
    renderRoutes(
      [
        {
          path: '/',
          errorElement: <RouteErrorScreen />,
          lazy: () => Promise.reject(new ChunkLoadError('The screen did not load within 120 s')),
        },
      ],
      '/',
    );
    expect(await screen.findByRole('heading', { name: 'This screen could not be loaded' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('scrolls smoothly to the top on each route change', async () => {
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo;
    renderRoutes([
      {
        element: <RootShell />,
        children: [
          { path: '/', element: <Link to="/next">Next</Link> },
          { path: '/next', element: <Outlet /> },
        ],
      },
    ]);
    await screen.findByRole('link', { name: 'Next' });
    // Not on the first screen: it is at the top already.
    expect(scrollTo).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(scrollTo).toHaveBeenCalledTimes(1));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('signs out when another tab signs out', async () => {
    storeSession();
    mockApi({ 'GET /api/v1/agent/auth/me': meAnswer });
    const { store, router } = renderRoutes(routes, '/user/profile');
    await screen.findByRole('heading', { name: 'Profile', level: 1 });
    window.localStorage.removeItem('user_session');
    window.dispatchEvent(new StorageEvent('storage', { key: 'user_session', newValue: null }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('configures toasts as the spec says', () => {
    expect(TOAST_SETTINGS).toEqual({
      position: 'top-center',
      autoClose: 2000,
      hideProgressBar: true,
      pauseOnHover: true,
      pauseOnFocusLoss: true,
      closeOnClick: true,
      draggable: true,
    });
  });
});

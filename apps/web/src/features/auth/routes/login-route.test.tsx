import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { json, mockApi, renderRoutes, TEST_USER } from '../../../test/render';

async function signIn(identifier: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email, username or phone'), identifier);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the login screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the transport problem when the answer has no body', async () => {
    mockApi({ 'POST /api/v1/agent/auth/login': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderRoutes(routes, '/login');
    await signIn('ada', 'secret-pass');
    expect(await screen.findByText('Network error: the server could not be reached.')).toBeTruthy();
  });

  it('shows a loading button while the call runs', async () => {
    let release: (response: Response) => void = () => undefined;
    mockApi({
      'POST /api/v1/agent/auth/login': () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    renderRoutes(routes, '/login');
    await signIn('ada', 'secret-pass');
    const button = screen.getByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    release(json(401, { message: 'Incorrect login details', code: 'INVALID_CREDENTIALS' }));
    expect(await screen.findByText('Incorrect login details')).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('signs in, toasts the server message, stores the session and returns to the wanted page', async () => {
    const { requests } = mockApi({
      'POST /api/v1/agent/auth/login': () =>
        json(200, {
          message: 'Welcome back, Ada',
          data: { user: TEST_USER, authorization: { token: 'new-token', type: 'Bearer', expiresAt: '2030-01-01' } },
        }),
      'GET /api/v1/agent/auth/me': () => json(200, { message: 'OK', data: { user: TEST_USER } }),
    });
    const { router } = renderRoutes(routes, '/documentation');
    await signIn(' ada ', 'secret-pass');
    expect(await screen.findByRole('heading', { name: 'Documentation', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/documentation');
    expect(await screen.findByText('Welcome back, Ada')).toBeTruthy();
    expect(await requests[0]?.json()).toEqual({ identifier: 'ada', password: 'secret-pass' });
    expect(requests[0]?.headers.get('authorization')).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('user_session') ?? '{}')).toMatchObject({ token: 'new-token' });
  });
});

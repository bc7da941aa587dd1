import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AdminConsole } from './admin-console';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/admin/*', element: <AdminConsole /> }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

// The first render loads MUI and the console's screens: slow on a busy machine, hence 20 s.
describe('the console’s screens by path', { timeout: 20_000 }, () => {
  it('opens the sign-in at /admin/login', async () => {
    window.localStorage.clear();
    renderAt('/admin/login');
    expect(await screen.findByRole('heading', { name: 'Operator sign-in', level: 1 })).toBeTruthy();
  });

  it('finds a screen by its pattern, with a trailing slash too', async () => {
    signedIn();
    renderAt('/admin/funding/');
    expect(await screen.findByRole('heading', { name: 'Funding queue', level: 1 })).toBeTruthy();
    expect(screen.queryByText('Not in the console yet')).toBeNull();
  });

  it('answers an unknown path with the console’s not-found screen', async () => {
    signedIn();
    renderAt('/admin/nowhere');
    expect(await screen.findByRole('heading', { name: 'Not in the console yet', level: 1 })).toBeTruthy();
  });
});

function signedIn() {
  window.localStorage.setItem(
    'agentdesk_operator_session',
    JSON.stringify({
      token: 't',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      operator: { id: 'op', firstName: 'Obi', lastName: 'Operator', username: 'operator', role: 'owner' },
    }),
  );
}

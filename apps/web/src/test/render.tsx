import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { createAppStore, type RootState } from '../app/store';
import { ThemeRoot } from '../app/theme-root';
import { Toasts } from '../app/toasts';
import type { TUser } from '@agentdesk/contract/auth/user';

export const TEST_USER: TUser = {
  id: 'usr_1',
  firstName: 'Ada',
  lastName: 'Okafor',
  username: 'adaokafor',
  email: 'ada@example.com',
  phone: '08031234567',
  role: 'agent',
  referralCode: 'ADA12345',
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** Puts a signed-in session in localStorage, as a previous visit would have left it. */
export function storeSession(token = 'token-1', user: TUser = TEST_USER) {
  window.localStorage.setItem('user_session', JSON.stringify({ token, user }));
}

/** Renders routes in memory with the app's store, theme and toasts. */
export function renderRoutes(routes: RouteObject[], path = '/', preloadedState?: Partial<RootState>) {
  const store = createAppStore(preloadedState);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <ThemeRoot>
        <RouterProvider router={router} />
        <Toasts />
      </ThemeRoot>
    </Provider>,
  );
  return { ...view, store, router };
}

type Handler = (request: Request) => Response | Promise<Response>;

/** The JSON answer the server would send. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Replaces fetch with handlers keyed by "METHOD /path"; anything else fails the test loudly.
 * Answers the recorded requests.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const requests: Request[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request.clone());
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected request ${key}`);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

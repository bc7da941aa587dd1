import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store';
import { json, mockApi, storeSession } from '../../test/render';
import { sessionApi } from '../session/session-api';
import { api } from './api';

const loginProbe = api.injectEndpoints({
  endpoints: (build) => ({
    probeLogin: build.mutation<unknown, void>({
      query: () => ({ url: '/api/v1/agent/auth/login', method: 'POST', body: {} }),
      extraOptions: { public: true },
    }),
  }),
});

describe('the session rules of the HTTP layer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token on calls that are not public', async () => {
    storeSession('secret-token');
    const { requests } = mockApi({
      'GET /api/v1/agent/auth/me': () => json(401, { message: 'Sign in again', code: 'UNAUTHENTICATED' }),
    });
    const store = createAppStore();
    await store.dispatch(sessionApi.endpoints.me.initiate());
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer secret-token');
  });

  it('ends the session on a 401 to a call that carried the token', async () => {
    storeSession('expired-token');
    mockApi({ 'GET /api/v1/agent/auth/me': () => json(401, { message: 'Expired', code: 'UNAUTHENTICATED' }) });
    const store = createAppStore();
    expect(store.getState().auth.isAuthenticated).toBe(true);
    await store.dispatch(sessionApi.endpoints.me.initiate());
    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, token: null, user: null });
    expect(window.localStorage.getItem('user_session')).toBeNull();
  });

  it('never sends the token on public calls, and their 401 does not end a session', async () => {
    storeSession('live-token');
    const { requests } = mockApi({
      'POST /api/v1/agent/auth/login': () => json(401, { message: 'Wrong details', code: 'INVALID_CREDENTIALS' }),
    });
    const store = createAppStore();
    await store.dispatch(loginProbe.endpoints.probeLogin.initiate());
    expect(requests[0]?.headers.get('authorization')).toBeNull();
    expect(store.getState().auth.isAuthenticated).toBe(true);
  });

  it('refreshes the stored user from GET /me', async () => {
    storeSession('live-token');
    mockApi({
      'GET /api/v1/agent/auth/me': () =>
        json(200, {
          message: 'OK',
          data: {
            user: {
              id: 'usr_1',
              firstName: 'Adaeze',
              lastName: 'Okafor',
              username: 'adaokafor',
              email: 'ada@example.com',
              phone: '08031234567',
              role: 'agent',
              referralCode: 'ADA12345',
              createdAt: '2026-01-01T00:00:00.000Z',
            },
          },
        }),
    });
    const store = createAppStore();
    await store.dispatch(sessionApi.endpoints.me.initiate());
    expect(store.getState().auth.user?.firstName).toBe('Adaeze');
    expect(window.localStorage.getItem('user_session')).toContain('Adaeze');
  });
});

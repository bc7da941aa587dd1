import { render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/render';
import { createAdminStore } from '../store';
import { SessionSync } from './session-sync';
import { loadOperatorSession, OPERATOR_SESSION_KEY } from './operator-session-storage';

const SIGNED_IN = {
  token: 'op-token',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  operator: { id: 'op_1', firstName: 'Ngozi', lastName: 'Eze', username: 'ngozi', role: 'finance' as const },
};

const me = (role: string) =>
  json(200, {
    message: 'OK',
    data: {
      id: 'op_1',
      username: 'ngozi',
      firstName: 'Ngozi',
      lastName: 'Eze',
      email: 'ngozi@example.com',
      phone: '08030000000',
      role,
      status: 'active',
      createdAt: '2026-11-01T00:00:00.000Z',
      deactivatedAt: null,
    },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the operator’s role in an open console', () => {
  it('follows the server when the console opens: a role changed since sign-in is the one offered', async () => {
    window.localStorage.setItem(OPERATOR_SESSION_KEY, JSON.stringify(SIGNED_IN));
    const api = mockApi({ 'GET /api/v1/admin/auth/me': () => me('support') });
    const store = createAdminStore();
    render(
      <Provider store={store}>
        <SessionSync />
      </Provider>,
    );
    await waitFor(() => expect(store.getState().operatorSession.operator?.role).toBe('support'));
    // Same session, kept in this browser with the new role.
    expect(store.getState().operatorSession.token).toBe('op-token');
    expect(loadOperatorSession()?.operator.role).toBe('support');
    expect(api.requests[0]!.headers.get('authorization')).toBe('Bearer op-token');
  });

  it('asks again when the tab comes back into view', async () => {
    window.localStorage.setItem(OPERATOR_SESSION_KEY, JSON.stringify(SIGNED_IN));
    let role = 'finance';
    const api = mockApi({ 'GET /api/v1/admin/auth/me': () => me(role) });
    const store = createAdminStore();
    render(
      <Provider store={store}>
        <SessionSync />
      </Provider>,
    );
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(store.getState().operatorSession.operator?.role).toBe('finance');
    role = 'owner';
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(store.getState().operatorSession.operator?.role).toBe('owner'));
  });
});

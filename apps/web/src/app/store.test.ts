import { describe, expect, it } from 'vitest';
import { TEST_USER } from '../test/render';
import { authError, loginSuccess } from '../lib/session/auth-slice';
import { borderRadiusSet, fontFamilySet } from '../features/customization/customization-slice';
import { createAppStore } from './store';

describe('the store', () => {
  it('has the spec slices with their defaults (section 3)', () => {
    const state = createAppStore().getState();
    expect(state.wallet).toEqual({ availableBalance: '0.00' });
    expect(state.service).toEqual({ services: [], apiServices: [], apiKeys: null });
    expect(state.customization).toEqual({
      isOpen: [],
      fontFamily: 'Roboto, sans-serif',
      borderRadius: 12,
      opened: true,
      navType: 'light',
    });
    expect(state.auth).toMatchObject({ token: null, isAuthenticated: false, isLoading: false, reset_password: {} });
  });

  it('keeps user_session in localStorage on sign-in and removes it on sign-out', () => {
    const store = createAppStore();
    store.dispatch(loginSuccess({ token: 'abc', user: TEST_USER }));
    expect(JSON.parse(window.localStorage.getItem('user_session') ?? 'null')).toEqual({
      token: 'abc',
      user: TEST_USER,
    });
    store.dispatch(authError());
    expect(window.localStorage.getItem('user_session')).toBeNull();
  });

  it('remembers the font and radius for the next visit', () => {
    const store = createAppStore();
    store.dispatch(fontFamilySet('Poppins, sans-serif'));
    store.dispatch(borderRadiusSet(17));
    const next = createAppStore().getState().customization;
    expect(next.fontFamily).toBe('Poppins, sans-serif');
    expect(next.borderRadius).toBe(18);
  });
});

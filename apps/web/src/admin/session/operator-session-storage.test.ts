import { describe, expect, it } from 'vitest';
import {
  clearOperatorSession,
  loadOperatorSession,
  OPERATOR_SESSION_KEY,
  saveOperatorSession,
  type StoredOperatorSession,
} from './operator-session-storage';

const NOW = Date.parse('2026-11-25T10:00:00Z');
const SESSION: StoredOperatorSession = {
  token: 'op-token',
  expiresAt: '2026-11-25T22:00:00.000Z',
  operator: { id: 'op_1', firstName: 'Ngozi', lastName: 'Eze', username: 'operator', role: 'finance' },
};

describe('the operator session in this browser', () => {
  it('is kept under its own key, never the agent’s user_session', () => {
    saveOperatorSession(SESSION);
    expect(window.localStorage.getItem('user_session')).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(OPERATOR_SESSION_KEY)!)).toEqual(SESSION);
    expect(loadOperatorSession(window.localStorage, NOW)).toEqual(SESSION);
    clearOperatorSession();
    expect(loadOperatorSession(window.localStorage, NOW)).toBeNull();
  });

  it('is gone once its absolute expiry has passed', () => {
    saveOperatorSession(SESSION);
    expect(loadOperatorSession(window.localStorage, Date.parse('2026-11-25T21:59:59Z'))).not.toBeNull();
    expect(loadOperatorSession(window.localStorage, Date.parse('2026-11-25T22:00:00Z'))).toBeNull();
  });

  it('ignores what the console did not write: an agent’s session, no token, a bad expiry, a broken value', () => {
    const stored = (value: unknown) => {
      window.localStorage.setItem(OPERATOR_SESSION_KEY, typeof value === 'string' ? value : JSON.stringify(value));
      return loadOperatorSession(window.localStorage, NOW);
    };
    expect(stored({ token: 't', user: SESSION.operator })).toBeNull();
    expect(stored({ ...SESSION, token: '' })).toBeNull();
    expect(stored({ ...SESSION, expiresAt: 'soon' })).toBeNull();
    expect(stored({ ...SESSION, operator: { ...SESSION.operator, role: 'admin' } })).toBeNull();
    expect(stored({ ...SESSION, operator: { id: 'op_1' } })).toBeNull();
    expect(stored('{not json')).toBeNull();
    // Extra fields are dropped, not carried along.
    expect(stored({ ...SESSION, operator: { ...SESSION.operator, password: 'x' } })?.operator).toEqual(
      SESSION.operator,
    );
  });
});

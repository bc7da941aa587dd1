import type { TUser } from '@agentdesk/contract/auth/user';

/** The spec's storage key: the session survives reloads in this browser. */
export const SESSION_KEY = 'user_session';

export interface StoredSession {
  token: string;
  user: TUser;
}

const USER_TEXT_FIELDS = ['id', 'firstName', 'lastName', 'username', 'email', 'phone'] as const;

/**
 * A light shape check instead of the contract's zod schema: this runs on every page load
 * and must not pull zod into the entry chunk. The server re-validates the user (GET /me)
 * as soon as the protected area opens.
 */
function isStoredUser(value: unknown): value is TUser {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return USER_TEXT_FIELDS.every((key) => typeof record[key] === 'string');
}

/** The stored session, or null when there is none or it is not one we wrote. */
export function loadSession(storage: Storage = window.localStorage): StoredSession | null {
  try {
    const raw = storage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { token, user } = parsed as { token?: unknown; user?: unknown };
    if (typeof token !== 'string' || token === '' || !isStoredUser(user)) return null;
    return { token, user };
  } catch {
    return null;
  }
}

export function saveSession(session: StoredSession, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(SESSION_KEY, JSON.stringify(session));
  } catch {
    // Storage full or disabled (private mode): the session still lives for this page load.
  }
}

export function clearSession(storage: Storage = window.localStorage): void {
  try {
    storage.removeItem(SESSION_KEY);
  } catch {
    // Nothing stored that we could remove.
  }
}

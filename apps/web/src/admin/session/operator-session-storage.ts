import { OPERATOR_ROLES, type OperatorRole } from '@agentdesk/contract/endpoint';

/**
 * The operator's session in this browser, under a key of its own: the agent's dashboard reads
 * `user_session` only, so an operator's token never reaches an agent's screen, and an agent's
 * session never opens the console.
 */
export const OPERATOR_SESSION_KEY = 'agentdesk_operator_session';

/** What the console needs of the signed-in operator (the sign-in answer's user). */
export interface StoredOperator {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  /** What the console offers them; the server decides on every call whatever this says. */
  role: OperatorRole;
}

export interface StoredOperatorSession {
  token: string;
  /** When the server ends the session whatever happens (its absolute limit), ISO 8601. */
  expiresAt: string;
  operator: StoredOperator;
}

const OPERATOR_TEXT_FIELDS = ['id', 'firstName', 'lastName', 'username'] as const;

function isStoredOperator(value: unknown): value is StoredOperator {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    OPERATOR_TEXT_FIELDS.every((key) => typeof record[key] === 'string') &&
    (OPERATOR_ROLES as readonly unknown[]).includes(record.role)
  );
}

/**
 * The stored session, or null when there is none, it is not one the console wrote, or its
 * absolute expiry has passed (the server would refuse it anyway: no need to ask).
 */
export function loadOperatorSession(
  storage: Storage = window.localStorage,
  now: number = Date.now(),
): StoredOperatorSession | null {
  try {
    const raw = storage.getItem(OPERATOR_SESSION_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { token, expiresAt, operator } = parsed as Record<string, unknown>;
    if (typeof token !== 'string' || token === '' || typeof expiresAt !== 'string') return null;
    if (!isStoredOperator(operator)) return null;
    const expires = Date.parse(expiresAt);
    if (!Number.isFinite(expires) || expires <= now) return null;
    return {
      token,
      expiresAt,
      operator: {
        id: operator.id,
        firstName: operator.firstName,
        lastName: operator.lastName,
        username: operator.username,
        role: operator.role,
      },
    };
  } catch {
    return null;
  }
}

export function saveOperatorSession(session: StoredOperatorSession, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(OPERATOR_SESSION_KEY, JSON.stringify(session));
  } catch {
    // Storage full or disabled: the session still lives for this page load.
  }
}

export function clearOperatorSession(storage: Storage = window.localStorage): void {
  try {
    storage.removeItem(OPERATOR_SESSION_KEY);
  } catch {
    // Nothing stored that we could remove.
  }
}

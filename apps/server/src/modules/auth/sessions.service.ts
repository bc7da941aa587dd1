import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { hashToken, newToken } from '../../lib/secrets.js';
import { findLiveSession, insertSession, revokeSession, touchSession } from './sessions.repo.js';
import type { UserRow } from './users.repo.js';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export interface IssuedSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

export interface Authenticated {
  user: UserRow;
  sessionId: string;
}

/** last_used_at is written at most this often, so reads do not each become a write. */
const TOUCH_EVERY_MS = 60_000;

export function createSessionsService(deps: { db: Database; clock: Clock; policy: SessionPolicy }) {
  const { db, clock, policy } = deps;
  return {
    /** A new opaque token; only its hash is stored. */
    async issue(
      userId: string,
      meta: { userAgent?: string | undefined; ip?: string | undefined },
    ): Promise<IssuedSession> {
      const token = newToken();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + policy.absoluteMs);
      const session = await insertSession(db, {
        userId,
        tokenHash: hashToken(token),
        now,
        expiresAt,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        ip: meta.ip ?? null,
      });
      return { token, sessionId: session.id, expiresAt };
    },

    /** The user behind a bearer token, or undefined when it is unknown, revoked, idle too long or past its lifetime. */
    async authenticate(token: string): Promise<Authenticated | undefined> {
      if (token.length < 20 || token.length > 200) return undefined;
      const now = clock.now();
      const found = await findLiveSession(db, hashToken(token), now, new Date(now.getTime() - policy.idleMs));
      if (!found) return undefined;
      if (now.getTime() - found.session.last_used_at.getTime() >= TOUCH_EVERY_MS) {
        await touchSession(db, found.session.id, now);
      }
      return { user: found.user, sessionId: found.session.id };
    },

    revoke(sessionId: string): Promise<void> {
      return revokeSession(db, sessionId, clock.now());
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;

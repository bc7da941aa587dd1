import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { createNotifiedCache } from '../../lib/notified-cache.js';
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

/**
 * How often last_used_at is written at most: a sixtieth of the idle window, between 1 s and
 * 1 minute (1 s for a 1-minute window, 1 minute for the default hour). The instance that served
 * a use judges idleness from that use, kept in memory; another instance reads the stored one,
 * which lags the true last use by at most this much.
 */
export function touchEveryMs(idleMs: number): number {
  return Math.min(60_000, Math.max(1_000, Math.floor(idleMs / 60)));
}

/**
 * Sessions checked lately, by token hash, forgotten when their user's sessions or user row
 * change (docs/decisions/026): a purchase then costs no session query.
 */
const CACHE = { channel: 'agentdesk_sessions', ttlMs: 5 * 60_000, maxEntries: 100_000 };

/** A checked session; `usedAt` is its last use on this instance (last_used_at is the stored one). */
type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>> & { usedAt?: Date };

export async function createSessionsService(deps: { db: Database; clock: Clock; policy: SessionPolicy }) {
  const { db, clock, policy } = deps;
  const touchEvery = touchEveryMs(policy.idleMs);
  const checked = await createNotifiedCache<string, LiveSession>({
    ...CACHE,
    notifications: db.notifications,
    clock,
    concerns: (userId, found) => found.user.id === userId,
  });
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
      const idleSince = new Date(now.getTime() - policy.idleMs);
      const hash = hashToken(token);
      const key = hash.toString('base64');
      const lastUse = (found: LiveSession) =>
        found.usedAt && found.usedAt > found.session.last_used_at ? found.usedAt : found.session.last_used_at;
      const live = (found: LiveSession) => found.session.expires_at > now && lastUse(found) > idleSince;
      let found = checked.cached(key);
      // A kept session past either expiry (by this instance's last touch) is read again: another
      // instance may have touched it since.
      if (found && !live(found)) {
        checked.forget(key);
        found = undefined;
      }
      found ??= await checked.load(key, () => findLiveSession(db, hash, now, idleSince));
      if (!found) return undefined;
      found.usedAt = now;
      if (now.getTime() - found.session.last_used_at.getTime() >= touchEvery) {
        await touchSession(db, found.session.id, now);
        found.session.last_used_at = now;
      }
      return { user: found.user, sessionId: found.session.id };
    },

    /** Signs the session out, on this instance before it answers and on the others as they hear of it. */
    async revoke(sessionId: string): Promise<void> {
      await revokeSession(db, sessionId, clock.now());
      await db.notifications.delivered();
    },
  };
}

export type SessionsService = Awaited<ReturnType<typeof createSessionsService>>;

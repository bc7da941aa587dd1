import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { createNotifiedCache } from '../../lib/notified-cache.js';
import type { OperatorAlerts } from './operator-alerts.js';
import { insertOpening, lastOutcomes, latestOpening, openNow } from './upstream-health.repo.js';

const HOUR_MS = 3_600_000;

// An opening empties every instance's copy (migration 035, decision 026); a breaker closes by
// time. The lifetime is a backstop: notifications do the real work.
const CACHE = { channel: 'agentdesk_breakers', ttlMs: 10 * 60_000, maxEntries: 1 };
const OPEN = 'open';

export interface BreakerSettings {
  /** How many of the latest attempts are judged; fewer is no verdict (the breaker stays closed). */
  minAttempts: number;
  /** Below this share delivered (in percent), the breaker opens. */
  minSuccessPercent: number;
  cooldownMs: number;
}

/** Whether an upstream's breaker for a service is open now: read from memory, no query. */
export type OpenBreakers = (upstreamId: string, serviceId: string) => boolean;

const keyOf = (upstreamId: string, serviceId: string) => `${upstreamId}\n${serviceId}`;

/**
 * The circuit breaker of each upstream and service (decision 040). Its state is in the
 * database, so every instance skips the same upstream: an opening is a row with its end
 * (`closes_at`). While it is open the route skips the upstream; once it ends, only attempts
 * after its end count, so the upstream gets a fresh window of `minAttempts` before it can open
 * again. Judged on the latest `minAttempts` attempts within the last hour: delivered ones count
 * for it; definitive failures and unknowns (sent, no final answer) count against it.
 *
 * A purchase reads the open breakers from memory (`openNow`): the openings not yet closed,
 * forgotten when PostgreSQL notifies a new one, on any instance, and each closing by time. An
 * upstream is judged (`judge`) only when one of its attempts ends badly, since a delivery can
 * never open its breaker: a successful purchase reads nothing of it.
 */
export async function createUpstreamBreaker(deps: {
  db: Database;
  clock: Clock;
  settings: BreakerSettings;
  alerts: OperatorAlerts;
}) {
  const { db, clock, settings, alerts } = deps;
  const openings = await createNotifiedCache<string, Map<string, number>>({
    ...CACHE,
    notifications: db.notifications,
    clock,
  });

  async function loadOpen(via: Queryable): Promise<Map<string, number>> {
    const rows = await openNow(via, clock.now());
    const open = new Map<string, number>();
    for (const row of rows) {
      const key = keyOf(row.upstream_id, row.service_id);
      open.set(key, Math.max(open.get(key) ?? 0, row.closes_at.getTime()));
    }
    return open;
  }

  return {
    /**
     * The breakers open now. `via`: the caller's transaction, which must read what memory
     * lacks (PGlite has one connection).
     */
    async openNow(via: Queryable = db): Promise<OpenBreakers> {
      const open = (await openings.get(OPEN, () => loadOpen(via)))!;
      const now = clock.now().getTime();
      return (upstreamId, serviceId) => (open.get(keyOf(upstreamId, serviceId)) ?? 0) > now;
    },

    /**
     * Judges an upstream at a service after one of its attempts ended badly (a definitive
     * failure, or a pay with no final answer), in the transaction that recorded it: opens its
     * breaker if its latest attempts collapsed, telling the operators once. Answers whether
     * this call opened it; the caller then awaits the notification after its commit, so that
     * this instance's next purchase sees it.
     */
    async judge(via: Queryable, upstreamId: string, serviceId: string): Promise<boolean> {
      const now = clock.now();
      const latest = await latestOpening(via, upstreamId, serviceId);
      if (latest && latest.closes_at.getTime() > now.getTime()) return false;
      const windowStart = latest?.closes_at ?? new Date(0);
      const since = new Date(Math.max(now.getTime() - HOUR_MS, windowStart.getTime()));
      const outcomes = await lastOutcomes(via, { upstreamId, serviceId, since, limit: settings.minAttempts });
      if (outcomes.length < settings.minAttempts) return false;
      const delivered = outcomes.filter((outcome) => outcome === 'delivered').length;
      if (delivered * 100 >= settings.minSuccessPercent * outcomes.length) return false;

      const closesAt = new Date(now.getTime() + settings.cooldownMs);
      const opened = await insertOpening(via, {
        upstream_id: upstreamId,
        service_id: serviceId,
        window_start: windowStart,
        opened_at: now,
        closes_at: closesAt,
        attempts: outcomes.length,
        delivered,
      });
      if (!opened) return false;
      // What this instance held is older than the opening; the notification follows the commit.
      openings.forget(OPEN);
      const minutes = Math.round(settings.cooldownMs / 60_000);
      await alerts.raise(via, {
        kind: 'breaker-open',
        upstreamId,
        serviceId,
        dedupeKey: `breaker:${upstreamId}:${serviceId}:${windowStart.toISOString()}`,
        subject: `${upstreamId} skipped for ${serviceId} for ${minutes} minutes`,
        message:
          `${upstreamId} delivered ${delivered} of its last ${outcomes.length} ${serviceId} orders, ` +
          `under ${settings.minSuccessPercent}%. Orders for ${serviceId} skip it until ${closesAt.toISOString()} ` +
          `while another upstream of the route is available, then it is tried again.`,
      });
      return true;
    },
  };
}

export type UpstreamBreaker = Awaited<ReturnType<typeof createUpstreamBreaker>>;

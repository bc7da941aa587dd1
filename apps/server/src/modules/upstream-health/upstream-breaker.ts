import type { Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { OperatorAlerts } from './operator-alerts.js';
import { insertOpening, lastOutcomes, latestOpening } from './upstream-health.repo.js';

const HOUR_MS = 3_600_000;

export interface BreakerSettings {
  /** How many of the latest attempts are judged; fewer is no verdict (the breaker stays closed). */
  minAttempts: number;
  /** Below this share delivered (in percent), the breaker opens. */
  minSuccessPercent: number;
  cooldownMs: number;
}

/**
 * The circuit breaker of each upstream and service (decision 040). Its state is in the
 * database, so every instance skips the same upstream: an opening is a row with its end
 * (`closes_at`). While it is open the route skips the upstream; once it ends, only attempts
 * after its end count, so the upstream gets a fresh window of `minAttempts` before it can open
 * again. Judged on the latest `minAttempts` attempts within the last hour: delivered ones count
 * for it; definitive failures and unknowns (sent, no final answer) count against it.
 */
export function createUpstreamBreaker(deps: { clock: Clock; settings: BreakerSettings; alerts: OperatorAlerts }) {
  const { clock, settings, alerts } = deps;

  return {
    /** Whether the upstream's breaker for the service is open now (opening it if its attempts collapsed). */
    async isOpen(via: Queryable, upstreamId: string, serviceId: string): Promise<boolean> {
      const now = clock.now();
      const latest = await latestOpening(via, upstreamId, serviceId);
      if (latest && latest.closes_at.getTime() > now.getTime()) return true;
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
      if (opened) {
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
      }
      return true;
    },
  };
}

export type UpstreamBreaker = ReturnType<typeof createUpstreamBreaker>;

import type { TUpstreamHealth, TUpstreamsHealth } from '@agentdesk/contract/admin/upstreams';
import { formatNaira } from '@agentdesk/contract/money';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { lagosDate, lagosDayStart } from '../dashboard/lagos-time.js';
import { forecastFloat, type FloatForecast } from '../overview/float-forecast.js';
import type { FloatReading } from '../overview/float-monitor.js';
import { failurePercent } from '../overview/overview.service.js';
import { listUpstreams } from '../routing/upstreams.repo.js';
import type { OperatorAlerts } from './operator-alerts.js';
import { alertsSince, openNow, outcomeCounts, payLatencies, spentSince } from './upstream-health.repo.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Each upstream's health (decision 040): its last hour per service, read from the orders and
 * the attempts they moved on from; its balance as the float poll last read it, with the
 * forecast of the overview's float applied to that upstream's own sales today.
 */
export function createUpstreamHealthService(deps: {
  db: Database;
  clock: Clock;
  alerts: OperatorAlerts;
  reading: (upstreamId: string) => FloatReading;
}) {
  const { db, clock } = deps;

  async function forecastOf(upstreamId: string, reading: FloatReading, now: Date): Promise<FloatForecast> {
    const today = lagosDate(now);
    const dayStart = lagosDayStart(today);
    const { spent, faceValueStandsIn } = await spentSince(db, upstreamId, dayStart);
    return forecastFloat({
      balance: reading.balance,
      spent,
      spentIsFaceValue: faceValueStandsIn,
      now,
      dayStart,
      dayEnd: lagosDayStart(today, 1),
    });
  }

  return {
    async health(): Promise<TUpstreamsHealth> {
      const now = clock.now();
      const since = new Date(now.getTime() - HOUR_MS);
      const upstreams = await listUpstreams(db);
      const ids = upstreams.map((upstream) => upstream.id);
      const [counts, latencies, open, alerts] = await Promise.all([
        outcomeCounts(db, ids, since),
        payLatencies(db, ids, since),
        openNow(db, now),
        alertsSince(db, new Date(now.getTime() - DAY_MS)),
      ]);
      const key = (upstreamId: string, serviceId: string) => `${upstreamId}\n${serviceId}`;
      const latencyOf = new Map(latencies.map((row) => [key(row.upstream_id, row.service_id), row]));
      const openUntil = new Map(open.map((row) => [key(row.upstream_id, row.service_id), row.closes_at]));
      const serviceKeys = new Set([...counts.map((row) => key(row.upstream_id, row.service_id)), ...openUntil.keys()]);
      const countOf = new Map(counts.map((row) => [key(row.upstream_id, row.service_id), row]));

      const views: TUpstreamHealth[] = [];
      for (const upstream of upstreams) {
        const reading = deps.reading(upstream.id);
        const forecast = await forecastOf(upstream.id, reading, now);
        const services = [...serviceKeys]
          .filter((k) => k.startsWith(`${upstream.id}\n`))
          .sort()
          .map((k) => {
            const serviceId = k.slice(upstream.id.length + 1);
            const count = countOf.get(k);
            const delivered = count?.delivered ?? 0;
            const failed = count?.failed ?? 0;
            const unknown = count?.unknown ?? 0;
            const attempts = delivered + failed + unknown;
            const latency = latencyOf.get(k);
            return {
              serviceId,
              attempts,
              delivered,
              failed,
              unknown,
              // The share delivered, rounded as the overview's failure rates are.
              successPercent: attempts === 0 ? null : failurePercent(delivered, attempts),
              medianMs: latency?.median_ms ?? null,
              p95Ms: latency?.p95_ms ?? null,
              breakerOpenUntil: openUntil.get(k)?.toISOString() ?? null,
            };
          });
        views.push({
          id: upstream.id,
          name: upstream.name,
          kind: upstream.kind,
          enabled: upstream.enabled,
          balance: {
            balance: reading.balance === null ? null : formatNaira(reading.balance),
            readAt: reading.readAt?.toISOString() ?? null,
            lastError: reading.lastError,
            neededToday: forecast.needed === null ? null : formatNaira(forecast.needed),
            warning: forecast.warning,
            note: forecast.note,
          },
          services,
        });
      }
      return {
        asOf: now.toISOString(),
        since: since.toISOString(),
        upstreams: views,
        alerts: alerts.map((row) => ({
          id: row.id,
          kind: row.kind,
          upstreamId: row.upstream_id,
          serviceId: row.service_id,
          message: row.message,
          createdAt: row.created_at.toISOString(),
        })),
      };
    },

    /**
     * After each read of the balances: an upstream whose balance will not last the rest of
     * the Lagos day at its own rate today raises an alert, once per upstream and day.
     */
    async checkBalances(readings: ReadonlyMap<string, FloatReading>): Promise<void> {
      const now = clock.now();
      let raised = false;
      for (const [upstreamId, reading] of readings) {
        const forecast = await forecastOf(upstreamId, reading, now);
        if (!forecast.warning) continue;
        raised =
          (await db.transaction((tx) =>
            deps.alerts.raise(tx, {
              kind: 'low-balance',
              upstreamId,
              serviceId: null,
              dedupeKey: `low-balance:${upstreamId}:${lagosDate(now)}`,
              subject: `${upstreamId}: the balance will not last the day`,
              message: `${upstreamId}: ${forecast.note}`,
            }),
          )) || raised;
      }
      if (raised) await deps.alerts.flush();
    },
  };
}

export type UpstreamHealthService = ReturnType<typeof createUpstreamHealthService>;

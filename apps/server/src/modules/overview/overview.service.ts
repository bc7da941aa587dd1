import type { ServiceCategory } from '@agentdesk/contract/catalog/services';
import type { TFailureRate, TOverview, TOverviewPeriod } from '@agentdesk/contract/admin/overview';
import { formatNaira } from '@agentdesk/contract/money';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { lagosDate, lagosDayStart } from '../dashboard/lagos-time.js';
import { forecastFloat } from './float-forecast.js';
import type { FloatMonitor } from './float-monitor.js';
import {
  fundingWaiting,
  overviewPeriods,
  settledSince,
  unresolvedOrders,
  type FailureRateRow,
  type OverviewPeriodRow,
} from './overview.repo.js';

const HOUR_MS = 3_600_000;

/** Whether every delivered order of the period says what the upstream charged for it. */
const costKnown = (row: OverviewPeriodRow) => row.costed === row.delivered;

/**
 * The cost is what the upstream charged for the period's delivered orders (orders keep it
 * since migration 028, when the upstream's answer says it). While one of them does not say,
 * the cost and the margin are answered as unknown rather than guessed; the float forecast then
 * stands the face value in for it: the upstream charges at most that.
 */
function periodView(row: OverviewPeriodRow): TOverviewPeriod {
  const known = costKnown(row);
  return {
    sales: formatNaira(row.sales),
    faceValue: formatNaira(row.faceValue),
    cost: known ? formatNaira(row.cost) : null,
    margin: known ? formatNaira(row.sales - row.cost) : null,
    delivered: row.delivered,
    pending: row.pending,
    failed: row.failed,
  };
}

/** failed / settled in percent, one decimal, rounded half up, in integers: 1 of 3 is "33.3". */
export function failurePercent(failed: number, settled: number): string {
  if (settled === 0) return '0.0';
  const tenths = Math.floor((failed * 1000 * 2 + settled) / (settled * 2));
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

function rateView(row: FailureRateRow): TFailureRate {
  return {
    service: row.service as ServiceCategory,
    serviceId: row.service_id,
    settled: row.settled,
    failed: row.failed,
    failurePercent: failurePercent(row.failed, row.settled),
  };
}

export function createOverviewService(deps: { db: Database; clock: Clock; float: FloatMonitor }) {
  const { db, clock, float } = deps;
  return {
    /**
     * The overview in one answer: each figure an aggregate over an index range (this month's
     * orders, the unresolved ones, the last hour's settled ones, the pending reports), the
     * reads side by side; the float as the background poll last read it.
     */
    async overview(): Promise<TOverview> {
      const now = clock.now();
      const today = lagosDate(now);
      const todayStart = lagosDayStart(today);
      const end = lagosDayStart(today, 1);
      const monthStart = lagosDayStart(`${today.slice(0, 8)}01`);
      const [periods, unresolved, rates, funding] = await Promise.all([
        overviewPeriods(db, { monthStart, todayStart, end }),
        unresolvedOrders(db),
        settledSince(db, new Date(now.getTime() - HOUR_MS)),
        fundingWaiting(db),
      ]);
      const reading = float.last();
      const forecast = forecastFloat({
        balance: reading.balance,
        spent: costKnown(periods.today) ? periods.today.cost : periods.today.faceValue,
        spentIsFaceValue: !costKnown(periods.today),
        now,
        dayStart: todayStart,
        dayEnd: end,
      });
      return {
        asOf: now.toISOString(),
        todayDate: today,
        today: periodView(periods.today),
        month: periodView(periods.month),
        pending: {
          count: unresolved.count,
          oldestAt: unresolved.oldestAt?.toISOString() ?? null,
          oldestAgeSeconds: unresolved.oldestAt
            ? Math.max(0, Math.floor((now.getTime() - unresolved.oldestAt.getTime()) / 1000))
            : null,
        },
        failureRates: rates.map(rateView),
        funding: { waiting: funding.waiting, oldestAt: funding.oldestAt?.toISOString() ?? null },
        float: {
          balance: reading.balance === null ? null : formatNaira(reading.balance),
          readAt: reading.readAt?.toISOString() ?? null,
          lastError: reading.lastError,
          neededToday: forecast.needed === null ? null : formatNaira(forecast.needed),
          warning: forecast.warning,
          note: forecast.note,
        },
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;

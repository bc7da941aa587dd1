import { SERVICE_CATEGORIES } from '@agentdesk/contract/catalog/services';
import type { TDailySales, TDashboardSummary, TPeriodFigures } from '@agentdesk/contract/dashboard/summary';
import { formatNaira } from '@agentdesk/contract/money';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { findWalletBalance } from '../ledger/ledger.repo.js';
import { countUnread } from '../notifications/notifications.repo.js';
import { listTransactions } from '../transactions/transactions.repo.js';
import { toTransactionView } from '../transactions/transaction-view.js';
import { dailySales, periodFigures, type PeriodFiguresRow } from './dashboard.repo.js';
import { lagosDate, lagosDayStart } from './lagos-time.js';

const SERIES_DAYS = 30;
const RECENT = 5;

function figuresView(row: PeriodFiguresRow): TPeriodFigures {
  return {
    sales: formatNaira(row.sales),
    cost: formatNaira(row.cost),
    margin: formatNaira(row.sales - row.cost),
    delivered: row.delivered,
    pending: row.pending,
    failed: row.failed,
  };
}

export function createDashboardService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  return {
    /**
     * The home page in one answer. Every figure is an aggregate in SQL over an index range
     * (this month, the last 30 days) and the reads run side by side, so the cost follows the
     * orders in those windows, not the agent's whole history.
     */
    async summary(userId: string): Promise<TDashboardSummary> {
      const now = clock.now();
      const today = lagosDate(now);
      const todayStart = lagosDayStart(today);
      const end = lagosDayStart(today, 1);
      const monthStart = lagosDayStart(`${today.slice(0, 7)}-01`);
      const seriesStart = lagosDayStart(today, -(SERIES_DAYS - 1));

      const [balance, periods, daily, recent, unread] = await Promise.all([
        findWalletBalance(db, userId),
        periodFigures(db, userId, { monthStart, todayStart, end }),
        dailySales(db, userId, { from: seriesStart, to: end }),
        listTransactions(db, { userId, limit: RECENT }),
        countUnread(db, userId),
      ]);

      const byDay = new Map<string, Map<string, bigint>>();
      for (const row of daily) {
        const day = byDay.get(row.day) ?? new Map<string, bigint>();
        day.set(row.service, row.sales);
        byDay.set(row.day, day);
      }
      const series: TDailySales[] = [];
      for (let i = 0; i < SERIES_DAYS; i++) {
        const date = lagosDate(lagosDayStart(today, i - (SERIES_DAYS - 1)));
        const day = byDay.get(date);
        const byService = Object.fromEntries(
          SERVICE_CATEGORIES.map((category) => [category, formatNaira(day?.get(category) ?? 0n)]),
        ) as TDailySales['byService'];
        const total = [...(day?.values() ?? [])].reduce((sum, value) => sum + value, 0n);
        series.push({ date, total: formatNaira(total), byService });
      }

      return {
        balance: formatNaira(balance),
        today: figuresView(periods.today),
        month: figuresView(periods.month),
        daily: series,
        recentTransactions: recent.slice(0, RECENT).map(toTransactionView),
        unreadNotifications: unread,
        asOf: now.toISOString(),
        todayDate: today,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;

import { SERVICE_CATEGORIES, type ServiceCategory } from '@agentdesk/contract/catalog/services';
import type { TDailySales, TDashboardSummary } from '@agentdesk/contract/dashboard/summary';
import { formatNaira } from '../../../lib/money';

export const SERVICE_LABELS: Record<ServiceCategory, string> = {
  airtime: 'Airtime',
  data: 'Data',
  electricity: 'Electricity',
  cable: 'Cable TV',
  'result-checker': 'Exam PINs',
};

/** The services that sold anything in these days, in catalogue order: the chart draws only those. */
export function servicesWithSales(daily: readonly TDailySales[]): ServiceCategory[] {
  return SERVICE_CATEGORIES.filter((service) => daily.some((day) => Number(day.byService[service]) > 0));
}

// Made on first use, as date-time.tsx's: a new agent's home shows no day.
let dayLabel: Intl.DateTimeFormat | undefined;

/** `2026-11-22` → `22 Nov` (the date is already a Lagos day: no zone shift). */
export function formatDay(date: string): string {
  const time = Date.parse(`${date}T12:00:00Z`);
  if (Number.isNaN(time)) return date;
  dayLabel ??= new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return dayLabel.format(time);
}

/** What the chart says in words, for a screen reader and as its caption. */
export function chartSummary(daily: readonly TDailySales[]): string {
  const total = daily.reduce((sum, day) => sum + Number(day.total), 0);
  if (total === 0) return `No sales in the last ${daily.length} days.`;
  const best = daily.reduce((top, day) => (Number(day.total) > Number(top.total) ? day : top));
  const byService = servicesWithSales(daily)
    .map((service) => {
      const sum = daily.reduce((acc, day) => acc + Number(day.byService[service]), 0);
      return `${SERVICE_LABELS[service]} ${formatNaira(sum)}`;
    })
    .join(', ');
  return `Sales of the last ${daily.length} days: ${formatNaira(total)} (${byService}). Best day ${formatDay(best.date)}, ${formatNaira(best.total)}.`;
}

/**
 * A new agent: nothing bought yet, as far as the summary can tell (no purchase among the
 * newest movements, none this month, no sales in 30 days). The home then shows first steps
 * instead of rows of zeros.
 */
export function isNewAgent(summary: TDashboardSummary): boolean {
  const { today, month, daily, recentTransactions } = summary;
  const counts = [today, month].reduce((sum, period) => sum + period.delivered + period.pending + period.failed, 0);
  return (
    counts === 0 &&
    daily.every((day) => Number(day.total) === 0) &&
    !recentTransactions.some((transaction) => transaction.transactionType === 'purchase')
  );
}

/** The first of the first steps is done: money in the wallet, or a funding among the newest movements. */
export function isFunded(summary: TDashboardSummary): boolean {
  return Number(summary.balance) > 0 || summary.recentTransactions.some((item) => item.transactionType === 'funding');
}

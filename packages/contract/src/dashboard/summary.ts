import { z } from 'zod';
import { SERVICE_CATEGORIES } from '../catalog/services.js';
import { defineEndpoint } from '../endpoint.js';
import { ZNaira } from '../money.js';
import { ZTransaction } from '../transactions/transaction.js';

/**
 * Purchases of one period (a Lagos day or calendar month). Money counts delivered purchases
 * only: `sales` at face value (what the customers got), `cost` what the agent paid,
 * `margin` = sales − cost. Counts are by the order's state now.
 */
export const ZPeriodFigures = z.object({
  sales: ZNaira,
  cost: ZNaira,
  margin: ZNaira,
  delivered: z.number().int(),
  /** Sent or being resolved with the upstream. */
  pending: z.number().int(),
  /** Failed and refunded. */
  failed: z.number().int(),
});
export type TPeriodFigures = z.infer<typeof ZPeriodFigures>;

/** Face value of delivered purchases per service category. */
export const ZSalesByService = z.object(
  Object.fromEntries(SERVICE_CATEGORIES.map((category) => [category, ZNaira])) as Record<
    (typeof SERVICE_CATEGORIES)[number],
    typeof ZNaira
  >,
);
export type TSalesByService = z.infer<typeof ZSalesByService>;

/** One Lagos calendar day of the chart. */
export const ZDailySales = z.object({
  /** `YYYY-MM-DD` in Africa/Lagos. */
  date: z.string(),
  /** Face value of the day's delivered purchases, all services. */
  total: ZNaira,
  byService: ZSalesByService,
});
export type TDailySales = z.infer<typeof ZDailySales>;

export const ZDashboardSummary = z.object({
  /** The wallet balance. */
  balance: ZNaira,
  /** Today, in Africa/Lagos (UTC+1). */
  today: ZPeriodFigures,
  /** This calendar month so far, in Africa/Lagos. */
  month: ZPeriodFigures,
  /** The last 30 Lagos days, oldest first, today last; days without sales are zeros. Always 30 entries. */
  daily: z.array(ZDailySales),
  /** The 5 newest wallet movements, as the transactions list answers them. */
  recentTransactions: z.array(ZTransaction),
  unreadNotifications: z.number().int(),
  /** When the figures were computed (ISO), and the Lagos date they call today. */
  asOf: z.string(),
  todayDate: z.string(),
});
export type TDashboardSummary = z.infer<typeof ZDashboardSummary>;

export const dashboardSummary = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/dashboard/summary',
  auth: 'agent',
  tags: ['Dashboard'],
  summary:
    'The home page in one call: balance, today’s and this month’s sales, cost and margin, 30 days by service, recent transactions, unread count',
  data: ZDashboardSummary,
});

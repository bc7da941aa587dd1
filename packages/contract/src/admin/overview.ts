import { z } from 'zod';
import { SERVICE_CATEGORIES } from '../catalog/services.js';
import { defineEndpoint, EVERY_OPERATOR } from '../endpoint.js';
import { ZNaira } from '../money.js';

/**
 * The provider's orders of one period (a Lagos day, or the calendar month so far), all agents.
 * Money counts delivered orders only. Counts are by the order's state now.
 */
export const ZOverviewPeriod = z.object({
  /** What agents paid for their delivered orders. */
  sales: ZNaira,
  /** The face value of those orders: what the customers got. */
  faceValue: ZNaira,
  /**
   * What the upstream charged for them (its answer's amount, kept on each order); null while
   * one of them does not say (it is at most the face value: face value less its commission).
   */
  cost: ZNaira.nullable(),
  /** sales − cost; null when the cost is. */
  margin: ZNaira.nullable(),
  delivered: z.number().int(),
  /** Sent, or being resolved with the upstream. */
  pending: z.number().int(),
  /** Failed and refunded. */
  failed: z.number().int(),
});
export type TOverviewPeriod = z.infer<typeof ZOverviewPeriod>;

/** Orders of one service and network (the upstream's service id) settled in the last hour. */
export const ZFailureRate = z.object({
  service: z.enum(SERVICE_CATEGORIES),
  /** The upstream's service id: the network (mtn, glo-data...), disco or biller. */
  serviceId: z.string(),
  /** Delivered or failed in the window. */
  settled: z.number().int(),
  failed: z.number().int(),
  /** failed / settled, in percent with one decimal: "12.5". */
  failurePercent: z.string(),
});
export type TFailureRate = z.infer<typeof ZFailureRate>;

/** The provider's balance at the upstream, as the server's background poll last read it. */
export const ZUpstreamFloat = z.object({
  /** Null until the first successful reading. */
  balance: ZNaira.nullable(),
  /** When that reading was taken (ISO). */
  readAt: z.string().nullable(),
  /** Why the last attempt failed, when it did (the previous reading, if any, stays). */
  lastError: z.string().nullable(),
  /** What the rest of today (Lagos) would take at today's rate; null without a rate or a reading. */
  neededToday: ZNaira.nullable(),
  /** True when the float will not last the rest of the day at today's rate. */
  warning: z.boolean(),
  /** The judgement in words, for people. */
  note: z.string(),
});
export type TUpstreamFloat = z.infer<typeof ZUpstreamFloat>;

export const ZOverview = z.object({
  /** When the figures were computed (ISO), and the Lagos date they call today. */
  asOf: z.string(),
  todayDate: z.string(),
  today: ZOverviewPeriod,
  month: ZOverviewPeriod,
  /** Orders not settled yet, whenever placed. */
  pending: z.object({
    count: z.number().int(),
    /** When the oldest was placed (ISO), and its age in seconds at `asOf`. */
    oldestAt: z.string().nullable(),
    oldestAgeSeconds: z.number().int().nullable(),
  }),
  /** The last hour, by service then network; only those with orders settled in it. */
  failureRates: z.array(ZFailureRate),
  /** Reported transfers waiting for an operator. */
  funding: z.object({
    waiting: z.number().int(),
    /** When the oldest was reported (ISO). */
    oldestAt: z.string().nullable(),
  }),
  float: ZUpstreamFloat,
});
export type TOverview = z.infer<typeof ZOverview>;

export const getOverview = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/overview',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary:
    'The business at a glance: today’s and this month’s sales, cost and margin, pending orders, failure rates of the last hour, transfers waiting, the upstream float',
  data: ZOverview,
});

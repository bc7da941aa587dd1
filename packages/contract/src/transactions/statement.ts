import { z } from 'zod';
import { zDate } from '../text.js';

/** The longest statement one request may ask for, in days (inclusive). */
export const STATEMENT_MAX_DAYS = 366;

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 86_400_000;
}

/** Inclusive calendar dates in Africa/Lagos. */
export const ZStatementQuery = z
  .strictObject({ from: zDate('from'), to: zDate('to') })
  .refine((query) => query.from <= query.to, { path: ['to'], message: 'to must not be before from' })
  .refine((query) => dayNumber(query.to) - dayNumber(query.from) < STATEMENT_MAX_DAYS, {
    path: ['to'],
    message: `A statement covers at most ${STATEMENT_MAX_DAYS} days`,
  });
export type TStatementQuery = z.input<typeof ZStatementQuery>;

/** The CSV's columns, in order (its header row). Amounts are naira with two decimals. */
export const STATEMENT_COLUMNS = [
  'date',
  'reference',
  'description',
  'service',
  'recipient',
  'type',
  'amount',
  'balance before',
  'balance after',
  'status',
] as const;

/**
 * `GET /api/v1/agent/transactions/statement.csv?from=YYYY-MM-DD&to=YYYY-MM-DD` (bearer auth):
 * not a JSON envelope. Success is `text/csv; charset=utf-8` with
 * `Content-Disposition: attachment; filename="statement-FROM-TO.csv"`, oldest first, one row
 * per wallet movement, `date` as ISO in Lagos time (`2026-11-22T09:15:00+01:00`), `amount`
 * signed (debits negative). Errors (401, 422 naming `from` or `to`) are the usual JSON envelope.
 * Download it with `fetch` and the bearer header, then save the blob.
 */
export const statementCsv = {
  method: 'GET',
  path: '/api/v1/agent/transactions/statement.csv',
  auth: 'agent',
  tags: ['Transactions'],
  summary: 'The transaction history of a date range as CSV (streamed)',
  query: ZStatementQuery,
  contentType: 'text/csv',
} as const;

/** The file name the server gives a statement. */
export function statementFileName(from: string, to: string): string {
  return `statement-${from}-${to}.csv`;
}

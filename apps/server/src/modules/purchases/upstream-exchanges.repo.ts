import type { Logger } from 'pino';
import type { Database, Queryable } from '../../db/database.js';
import type { ExchangeObserver, UpstreamExchange } from '../upstream/upstream-exchange.js';

/** One stored exchange with the upstream (migration 026). */
export interface ExchangeRow {
  id: string;
  order_id: string | null;
  upstream_request_id: string | null;
  call: UpstreamExchange['call'];
  method: string;
  path: string;
  request_body: unknown;
  response_status: number | null;
  response_body: unknown;
  error: string | null;
  verdict: string | null;
  code: string | null;
  started_at: Date;
  duration_ms: number;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** Stores an exchange, linked to the order its upstream request id names (if any): one statement. */
export async function insertExchange(db: Queryable, exchange: UpstreamExchange): Promise<void> {
  await db.query(
    `INSERT INTO upstream_exchanges (order_id, upstream_request_id, call, method, path, request_body, response_status,
       response_body, error, verdict, code, started_at, duration_ms)
     VALUES ((SELECT id FROM orders WHERE upstream_request_id = $1), $1, $2, $3, $4, $5::jsonb, $6, $7::jsonb, $8, $9, $10,
       $11, $12)`,
    [
      exchange.requestId,
      exchange.call,
      exchange.method,
      exchange.path,
      json(exchange.requestBody),
      exchange.status,
      json(exchange.responseBody),
      exchange.error,
      exchange.outcome?.verdict ?? null,
      exchange.outcome?.code ?? null,
      exchange.startedAt,
      exchange.durationMs,
    ],
  );
}

/** An order's exchanges in the order they were written. */
export async function listOrderExchanges(db: Queryable, orderId: string): Promise<ExchangeRow[]> {
  return db.query<ExchangeRow>(
    `SELECT id, order_id, upstream_request_id, call, method, path, request_body, response_status, response_body, error,
            verdict, code, started_at, duration_ms
     FROM upstream_exchanges WHERE order_id = $1 ORDER BY seq`,
    [orderId],
  );
}

/**
 * The adapter's observer (docs/decisions/035): stores each exchange about an order, best-effort,
 * in a statement of its own, awaited before the answer is applied. A failure is logged and
 * swallowed: the record of an answer never decides, delays past its statement or undoes what the
 * answer does to the order's money. Verifications name no order yet and are not stored.
 */
export function createExchangeLog(deps: { db: Database; log: Logger }): ExchangeObserver {
  return async (exchange) => {
    if (exchange.requestId === null) return;
    try {
      await insertExchange(deps.db, exchange);
    } catch (error) {
      deps.log.error(
        { err: error, call: exchange.call, upstreamRequestId: exchange.requestId },
        'recording an exchange with the upstream failed; the order is settled on its answer all the same',
      );
    }
  };
}

import { AsyncLocalStorage } from 'node:async_hooks';
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

/**
 * Stores an exchange, linked in the same statement to the order whose upstream request id is
 * `orderRequestId` (the exchange's own, or for a verification the pay's that followed it).
 */
export async function insertExchange(
  db: Queryable,
  exchange: UpstreamExchange,
  orderRequestId: string | null = exchange.requestId,
): Promise<void> {
  await db.query(
    `INSERT INTO upstream_exchanges (order_id, upstream_request_id, call, method, path, request_body, response_status,
       response_body, error, verdict, code, started_at, duration_ms)
     VALUES ((SELECT id FROM orders WHERE upstream_request_id = $13), $1, $2, $3, $4, $5::jsonb, $6, $7::jsonb, $8, $9,
       $10, $11, $12)`,
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
      orderRequestId,
    ],
  );
}

/** The verifications a purchase made before its order existed, kept until its pay names the order. */
const purchaseExchanges = new AsyncLocalStorage<{ verifications: UpstreamExchange[] }>();

/**
 * Runs a purchase so that the verifications the upstream is asked for while pricing it (a
 * smartcard's renewal, a JAMB profile) are stored with its order, once its pay names it. Changes
 * nothing else: a purchase that sends no pay (a replay, a refusal) drops them.
 */
export function withPurchaseExchanges<T>(purchase: () => Promise<T>): Promise<T> {
  return purchaseExchanges.run({ verifications: [] }, purchase);
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
 * answer does to the order's money. A verification is stored with the order of the purchase that
 * asked for it (withPurchaseExchanges), before that purchase's pay; any other names no order and
 * is not stored.
 */
export function createExchangeLog(deps: { db: Database; log: Logger }): ExchangeObserver {
  return async (exchange) => {
    const purchase = purchaseExchanges.getStore();
    if (exchange.requestId === null) {
      if (exchange.call === 'verify') purchase?.verifications.push(exchange);
      return;
    }
    const verifications = exchange.call === 'pay' && purchase ? purchase.verifications.splice(0) : [];
    try {
      // Committed without waiting for the disk (synchronous_commit off, this transaction only):
      // the order's own commit, which follows, flushes the log with it (the WAL is written in
      // order), so a purchase does not wait for a flush of its own for its record. A crash in
      // between may lose the record, never the money: the log is best-effort (decision 035).
      await deps.db.transaction(async (tx) => {
        await tx.exec('SET LOCAL synchronous_commit = off');
        for (const verification of verifications) await insertExchange(tx, verification, exchange.requestId);
        await insertExchange(tx, exchange);
      });
    } catch (error) {
      deps.log.error(
        { err: error, call: exchange.call, upstreamRequestId: exchange.requestId },
        'recording an exchange with the upstream failed; the order is settled on its answer all the same',
      );
    }
  };
}

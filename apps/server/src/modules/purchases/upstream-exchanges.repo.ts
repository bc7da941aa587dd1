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

/** An exchange to store, with the upstream request id of the order it belongs to. */
export interface ExchangeRecord {
  exchange: UpstreamExchange;
  /** The exchange's own request id, or for a verification the pay's that followed it. */
  orderRequestId: string | null;
}

/**
 * Stores exchanges in one statement, each linked to the order whose upstream request id it
 * names, in the order given. The statement commits without waiting for the disk
 * (`synchronous_commit` off for its own transaction, set in the statement so it is one round
 * trip): the order's commit that follows flushes the log with it, the WAL being written in
 * order. A crash in between may lose a record, never money (decision 035).
 */
export async function insertExchanges(db: Queryable, records: readonly ExchangeRecord[]): Promise<void> {
  const input = records.map(({ exchange, orderRequestId }, n) => ({
    n,
    order_request_id: orderRequestId,
    upstream_request_id: exchange.requestId,
    call: exchange.call,
    method: exchange.method,
    path: exchange.path,
    request_body: exchange.requestBody ?? null,
    response_status: exchange.status,
    response_body: exchange.responseBody ?? null,
    error: exchange.error,
    verdict: exchange.outcome?.verdict ?? null,
    code: exchange.outcome?.code ?? null,
    started_at: exchange.startedAt,
    duration_ms: exchange.durationMs,
  }));
  await db.query(
    `WITH unhurried AS (SELECT set_config('synchronous_commit', 'off', true)),
     input AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(n int, order_request_id text, upstream_request_id text,
         call text, method text, path text, request_body jsonb, response_status int, response_body jsonb, error text,
         verdict text, code text, started_at timestamptz, duration_ms int)
     )
     INSERT INTO upstream_exchanges (order_id, upstream_request_id, call, method, path, request_body, response_status,
       response_body, error, verdict, code, started_at, duration_ms)
     SELECT (SELECT id FROM orders WHERE upstream_request_id = input.order_request_id), input.upstream_request_id,
       input.call, input.method, input.path, input.request_body, input.response_status, input.response_body,
       input.error, input.verdict, input.code, input.started_at, input.duration_ms
     FROM input CROSS JOIN unhurried
     ORDER BY input.n`,
    [JSON.stringify(input)],
  );
}

/**
 * Exchanges arriving while a write is in flight wait for it and go together in the next one
 * statement (as the purchases' own batches do, decision 025): at 20 purchases in flight, one
 * write for many records. Each caller's promise settles once its records are written or the
 * write failed (logged, never thrown: the log is best-effort).
 */
function exchangeBatches(db: Queryable, log: Logger) {
  let queue: Array<{ records: ExchangeRecord[]; done: () => void }> = [];
  let writing = false;
  async function drain() {
    writing = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        await insertExchanges(
          db,
          batch.flatMap((entry) => entry.records),
        );
      } catch (error) {
        const first = batch[0]!.records.at(-1)!.exchange;
        log.error(
          { err: error, call: first.call, upstreamRequestId: first.requestId, records: batch.length },
          'recording an exchange with the upstream failed; the order is settled on its answer all the same',
        );
      }
      for (const entry of batch) entry.done();
    }
    writing = false;
  }
  return (records: ExchangeRecord[]) =>
    new Promise<void>((resolve) => {
      queue.push({ records, done: resolve });
      if (!writing) void drain();
    });
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
 * awaited before the answer is applied, in the next batch of records (exchangeBatches). A
 * failure is logged and swallowed: the record of an answer never decides, delays past its
 * statement or undoes what the answer does to the order's money. A verification is stored with
 * the order of the purchase that asked for it (withPurchaseExchanges), before that purchase's
 * pay; any other names no order and is not stored.
 */
export function createExchangeLog(deps: { db: Database; log: Logger }): ExchangeObserver {
  const record = exchangeBatches(deps.db, deps.log);
  return async (exchange) => {
    const purchase = purchaseExchanges.getStore();
    if (exchange.requestId === null) {
      if (exchange.call === 'verify') purchase?.verifications.push(exchange);
      return;
    }
    const verifications = exchange.call === 'pay' && purchase ? purchase.verifications.splice(0) : [];
    await record([
      ...verifications.map((verification) => ({ exchange: verification, orderRequestId: exchange.requestId })),
      { exchange, orderRequestId: exchange.requestId },
    ]);
  };
}

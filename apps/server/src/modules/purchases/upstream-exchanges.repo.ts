import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'pino';
import type { Database, Queryable } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { createBatcher } from '../../lib/batcher.js';
import type { ExchangeObserver, UpstreamExchange } from '../upstream/upstream-exchange.js';

/** One stored exchange with the upstream (migrations 026 and 031), its bodies read back. */
export interface ExchangeRow {
  id: string;
  upstream_request_id: string | null;
  call: UpstreamExchange['call'];
  method: string;
  path: string;
  /** The request's JSON; null for a GET. */
  request_body: unknown;
  response_status: number | null;
  /** The answer's JSON when it was JSON, otherwise its text; null when none came. */
  response_body: unknown;
  error: string | null;
  verdict: string | null;
  code: string | null;
  started_at: Date;
  duration_ms: number;
}

/** An exchange to store, with the upstream request id of the order's attempt it belongs to. */
export interface ExchangeRecord {
  exchange: UpstreamExchange;
  /** The exchange's own request id, or for a verification the pay's that followed it. */
  orderRequestId: string;
}

/**
 * The upstream request ids of the order `$1`'s attempts: the one place SQL links an exchange to
 * its order (an exchange is filed under its attempt's request id, `order_request_id`): the
 * current attempt's on the order, and those it moved on from (`order_attempts`, decision 037).
 */
const ORDER_REQUEST_IDS = `SELECT upstream_request_id FROM orders WHERE id = $1
  UNION ALL SELECT upstream_request_id FROM order_attempts WHERE order_id = $1`;

/**
 * Stores exchanges in one statement, in the order given, each filed under its attempt's request
 * id: nothing is looked up and no order is locked, so the row never waits for, nor delays, the
 * order's own statements. The bodies are the text the adapter redacted, stored as they are
 * (parsed only when an operator reads them). The statement commits without waiting for the
 * disk (`synchronous_commit` off for its own transaction, set in the statement so it is one
 * round trip): the next commit that waits flushes it, the WAL being written in order. A crash
 * in between may lose a record, never money (decision 035).
 */
const INSERT_EXCHANGES = prepared(
  `WITH unhurried AS (SELECT set_config('synchronous_commit', 'off', true))
   INSERT INTO upstream_exchanges (order_request_id, upstream_request_id, call, method, path, request_body,
     response_status, response_body, error, verdict, code, started_at, duration_ms)
   SELECT r.order_request_id, r.upstream_request_id, r.call, r.method, r.path, r.request_body, r.response_status,
     r.response_body, r.error, r.verdict, r.code, r.started_at, r.duration_ms
   FROM jsonb_to_recordset($1::jsonb) AS r (n int, order_request_id text, upstream_request_id text, call text,
     method text, path text, request_body text, response_status int, response_body text, error text, verdict text,
     code text, started_at timestamptz, duration_ms int)
   CROSS JOIN unhurried
   ORDER BY r.n`,
);

export async function insertExchanges(db: Queryable, records: readonly ExchangeRecord[]): Promise<void> {
  const input = records.map(({ exchange, orderRequestId }, n) => ({
    n,
    order_request_id: orderRequestId,
    upstream_request_id: exchange.requestId,
    call: exchange.call,
    method: exchange.method,
    path: exchange.path,
    request_body: exchange.requestBody,
    response_status: exchange.status,
    response_body: exchange.responseBody,
    error: exchange.error,
    verdict: exchange.outcome?.verdict ?? null,
    code: exchange.outcome?.code ?? null,
    started_at: exchange.startedAt,
    duration_ms: exchange.durationMs,
  }));
  await db.query(INSERT_EXCHANGES, [JSON.stringify(input)]);
}

/** At most this many reports (an exchange, with a pay the verifications before it) share a statement. */
const MAX_BATCH = 64;
/**
 * How long a report that finds no write in flight waits for others: nobody waits for the log, so
 * its statements can be few (about one per 10 ms of purchases, where each write made one).
 */
const GATHER_MS = 10;

interface ExchangeWriter {
  /** Settles once the records are written or their write failed (logged, never thrown). */
  write(records: ExchangeRecord[]): Promise<void>;
  /** Settles once every record handed over so far is written or failed. */
  written(): Promise<void>;
}

/**
 * Each database's one writer of exchanges, so that they are written in the order they were
 * reported and an order's page, read through this module, can wait for those still on their way.
 */
const writers = new WeakMap<Queryable, ExchangeWriter>();

/**
 * Exchanges reported within GATHER_MS, or while a write is in flight, go together in the next
 * statement (the batcher of the purchases' own writes, docs/decisions/025), one batch after the
 * other, so they are stored in the order they came. Nobody waits for them but an operator's read.
 */
function writerFor(db: Queryable, log: Logger): ExchangeWriter {
  const existing = writers.get(db);
  if (existing) return existing;
  const write = createBatcher(
    async (reports: readonly ExchangeRecord[][]) => {
      const records = reports.flat();
      try {
        await insertExchanges(db, records);
      } catch (error) {
        const last = records.at(-1)!.exchange;
        log.error(
          { err: error, call: last.call, upstreamRequestId: last.requestId, records: records.length },
          'recording an exchange with the upstream failed; the order is settled on its answer all the same',
        );
      }
      return reports.map(() => undefined);
    },
    { maxSize: MAX_BATCH, gatherMs: GATHER_MS },
  );
  let last: Promise<void> = Promise.resolve();
  const writer: ExchangeWriter = {
    write(records) {
      last = write(records);
      return last;
    },
    // The batches run one after the other, so the last one handed over settles after the rest.
    written: () => last,
  };
  writers.set(db, writer);
  return writer;
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

/** A stored body as operators read it: its JSON, or the text itself when it is not JSON. */
function readBody(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * An order's exchanges in the order they were written, once those this process is still writing
 * are stored (an operator who opens the order as its answer arrives sees it).
 */
export async function listOrderExchanges(db: Queryable, orderId: string): Promise<ExchangeRow[]> {
  await writers.get(db)?.written();
  const rows = await db.query<Omit<ExchangeRow, 'request_body' | 'response_body'> & StoredBodies>(
    `SELECT seq::text AS id, upstream_request_id, call, method, path, request_body, response_status, response_body,
            error, verdict, code, started_at, duration_ms
     FROM upstream_exchanges
     WHERE order_request_id IN (${ORDER_REQUEST_IDS})
     ORDER BY seq`,
    [orderId],
  );
  return rows.map((row) => ({
    ...row,
    request_body: readBody(row.request_body),
    response_body: readBody(row.response_body),
  }));
}

interface StoredBodies {
  request_body: string | null;
  response_body: string | null;
}

/**
 * The adapter's observer (docs/decisions/035): hands each exchange about an order to the
 * database's writer (writerFor) and returns at once, so the answer is applied without waiting
 * for its record; the promise it returns settles once the record is written or its write failed.
 * A failure is logged and swallowed: the record of an answer never decides, delays or undoes
 * what the answer does to the order's money. A verification is stored with the order of the
 * purchase that asked for it (withPurchaseExchanges), before that purchase's pay; any other
 * names no order and is not stored.
 */
export function createExchangeLog(deps: { db: Database; log: Logger }): ExchangeObserver {
  const writer = writerFor(deps.db, deps.log);
  return (exchange) => {
    const purchase = purchaseExchanges.getStore();
    const requestId = exchange.requestId;
    if (requestId === null) {
      if (exchange.call === 'verify') purchase?.verifications.push(exchange);
      return;
    }
    const verifications = exchange.call === 'pay' && purchase ? purchase.verifications.splice(0) : [];
    return writer.write([
      ...verifications.map((verification) => ({ exchange: verification, orderRequestId: requestId })),
      { exchange, orderRequestId: requestId },
    ]);
  };
}

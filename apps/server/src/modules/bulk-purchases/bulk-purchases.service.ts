import { createHash, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { formatNaira } from '@agentdesk/contract/money';
import type { TBulkPurchase, TBulkRow } from '@agentdesk/contract/purchases/bulk-purchase';
import type { TFieldError } from '@agentdesk/contract/envelope';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { PurchaseRequest } from '../purchases/order-plan.js';
import type { PurchasesService } from '../purchases/purchases.service.js';
import {
  claimQueuedLines,
  findBulkByKey,
  findBulkOf,
  finishLine,
  insertBulk,
  listBulkLines,
  type BulkLine,
  type BulkLineView,
  type BulkPurchaseRow,
  type ClaimedLine,
} from './bulk-purchases.repo.js';

/** A row as validated by the contract (amounts in kobo), with its requestId when the client names it. */
export type BulkRowInput =
  | { service: 'airtime'; requestId?: string; network: string; phone: string; amount: bigint }
  | { service: 'data'; requestId?: string; network: string; phone: string; planCode: string };

/** How many field errors a refused batch names at most: enough to fix, not a 1,000-line answer. */
const MAX_ERRORS = 50;

function toPurchase(line: BulkLine): PurchaseRequest {
  return line.service === 'airtime'
    ? {
        service: 'airtime',
        requestId: line.request_id,
        network: line.network as 'mtn',
        phone: line.phone,
        amount: line.amount!,
      }
    : {
        service: 'data',
        requestId: line.request_id,
        network: line.network as 'mtn',
        phone: line.phone,
        planCode: line.plan_code!,
      };
}

function hashOf(lines: readonly BulkLine[]): string {
  const canonical = JSON.stringify(lines, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/** Why a row was not placed, in the agent's words; nothing was charged for it. */
function rejection(error: AppError): string {
  if (error.code === 'INSUFFICIENT_FUNDS') return 'Not enough balance in your wallet. Not charged.';
  const detail = error.errors?.[0]?.message ?? error.message;
  return `${detail.replace(/\.$/, '')}. Not charged.`;
}

function rowView(line: BulkLineView): TBulkRow {
  const base = {
    index: line.idx,
    requestId: line.request_id,
    service: line.service,
    network: line.network,
    phone: line.phone,
    planCode: line.plan_code,
    amount: line.amount === null ? null : formatNaira(BigInt(line.amount)),
  };
  if (line.state === 'queued') return { ...base, price: null, status: 'queued', charged: false, message: null };
  if (line.state === 'rejected' || line.order_status === null) {
    return { ...base, price: null, status: 'failed', charged: false, message: line.message };
  }
  const status = line.order_status === 'debited' ? 'pending' : line.order_status;
  // A delivered row needs no words (the status says it); never the upstream's own shouting.
  const message =
    status === 'failed'
      ? 'The provider could not deliver it. Your wallet was refunded.'
      : status === 'pending'
        ? 'Waiting for the provider.'
        : null;
  return { ...base, price: formatNaira(BigInt(line.order_price!)), status, charged: true, message };
}

/**
 * Bulk purchases (docs/decisions/045): a batch of independent orders, each placed through the
 * ordinary purchase under its own requestId, so no row is ever paid twice: not by a retried
 * submit (the batch is unique by the client's key), nor by a worker that died mid-batch (the
 * row's requestId replays its order).
 */
export function createBulkPurchasesService(deps: {
  db: Database;
  clock: Clock;
  purchases: PurchasesService;
  log: Logger;
  /** How long a worker holds the rows it claimed: longer than placing one can take. */
  claimMs: number;
  /** Called once a batch is queued: the worker starts at once instead of at its next interval. */
  wake: () => void;
}) {
  const { db, clock, purchases, log } = deps;

  async function view(batch: BulkPurchaseRow): Promise<TBulkPurchase> {
    const rows = (await listBulkLines(db, batch)).map(rowView);
    const counts = { total: rows.length, queued: 0, pending: 0, delivered: 0, failed: 0 };
    let charged = 0n;
    for (const row of rows) {
      counts[row.status]++;
      if (row.price !== null) charged += BigInt(row.price.replace('.', ''));
    }
    return {
      id: batch.id,
      status: counts.queued + counts.pending === 0 ? 'done' : 'processing',
      createdAt: new Date(batch.created_at).toISOString(),
      counts,
      totalCharged: formatNaira(charged),
      rows,
    };
  }

  /** Every row priced as its order would be; a row that cannot be sold refuses the whole batch, naming it. */
  async function validate(lines: readonly BulkLine[], priceLevelId: string | null): Promise<void> {
    const errors: TFieldError[] = [];
    for (const line of lines) {
      try {
        await purchases.quote(toPurchase(line), priceLevelId);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED') throw error;
        for (const e of error.errors ?? [{ path: 'row', message: error.message }]) {
          errors.push({ path: `rows.${line.idx}.${e.path}`, message: e.message });
        }
      }
      if (errors.length >= MAX_ERRORS) break;
    }
    const first = errors[0];
    if (first) {
      throw new AppError('VALIDATION_FAILED', `${first.path}: ${first.message}`, errors);
    }
  }

  async function placeLine(line: ClaimedLine): Promise<void> {
    // A suspended agent buys nothing more, even what they queued before (decision 045).
    if (line.suspended_at !== null) {
      await finishLine(db, line, { state: 'rejected', message: 'Your account is suspended. Not charged.' });
      return;
    }
    try {
      await purchases.purchase(line.user_id, toPurchase(line), line.price_level_id);
      await finishLine(db, line, { state: 'placed', message: null });
    } catch (error) {
      if (error instanceof AppError) {
        // A refusal may come after the order was made (the database dropped while it was being
        // sent): the row is then that order, charged, never "not charged". A conflict is the
        // client's requestId naming another purchase, which is not this row's.
        const made = error.code !== 'CONFLICT' && (await purchases.find(line.user_id, line.request_id));
        await finishLine(
          db,
          line,
          made ? { state: 'placed', message: null } : { state: 'rejected', message: rejection(error) },
        );
        return;
      }
      // Not the row's fault (the database, a crash of our own): left queued, its claim expires
      // and the row is placed again, its requestId answering any order already made.
      log.error({ err: error, bulkId: line.bulk_id, row: line.idx }, 'bulk row not placed; will retry');
    }
  }

  return {
    /**
     * Queues a batch: 201 when new; the same key again answers the batch it made (200), and
     * with other rows is a 409. Nothing is charged here: the worker places the rows.
     */
    async create(
      agent: { id: string; price_level_id: string | null },
      request: { clientKey: string; source: 'dashboard' | 'api'; rows: readonly BulkRowInput[] },
    ): Promise<{ batch: TBulkPurchase; created: boolean }> {
      const id = randomUUID();
      const lines: BulkLine[] = request.rows.map((row, idx) => ({
        idx,
        request_id: row.requestId ?? `bulk-${id}-${idx}`,
        service: row.service,
        network: row.network,
        phone: row.phone,
        amount: row.service === 'airtime' ? row.amount : null,
        plan_code: row.service === 'data' ? row.planCode : null,
      }));
      // The server's own requestIds differ on every attempt: the hash is of what was asked.
      const hash = hashOf(lines.map((line) => ({ ...line, request_id: request.rows[line.idx]!.requestId ?? '' })));
      const replay = (existing: BulkPurchaseRow) => {
        if (existing.request_hash !== hash) {
          // The API's key is its rows' requestIds: the same ones with other rows.
          throw request.source === 'api'
            ? AppError.conflict('rows', 'These requestIds were already sent as a batch with different rows')
            : AppError.conflict('clientKey', 'This key was already used for a different bulk purchase');
        }
        return view(existing).then((batch) => ({ batch, created: false }));
      };

      const existing = await findBulkByKey(db, agent.id, request.clientKey);
      if (existing) return replay(existing);
      if (request.source === 'api') {
        const seen = new Map<string, number>();
        for (const line of lines) {
          const first = seen.get(line.request_id);
          if (first !== undefined) {
            throw new AppError('VALIDATION_FAILED', `rows.${line.idx}.requestId: The same requestId as rows.${first}`, [
              { path: `rows.${line.idx}.requestId`, message: `The same requestId as rows.${first}` },
            ]);
          }
          seen.set(line.request_id, line.idx);
        }
      }
      await validate(lines, agent.price_level_id);

      const batch = {
        id,
        user_id: agent.id,
        client_key: request.clientKey,
        request_hash: hash,
        source: request.source,
        created_at: clock.now(),
      };
      const inserted = await db.transaction((tx) => insertBulk(tx, batch, lines));
      // A twin request committed first: answer what it made.
      if (!inserted) return replay((await findBulkByKey(db, agent.id, request.clientKey))!);
      deps.wake();
      return { batch: await view({ ...batch, row_count: lines.length }), created: true };
    },

    /** The agent's batch; another agent's is a 404 like a missing one. */
    async get(userId: string, id: string): Promise<TBulkPurchase> {
      const batch = await findBulkOf(db, userId, id);
      if (!batch) throw new AppError('NOT_FOUND', 'Bulk purchase not found');
      return view(batch);
    },

    /**
     * One round of the worker: claims up to `limit` queued rows (every instance may run one)
     * and places them at once; answers how many it claimed.
     */
    async runDue(limit = 10): Promise<number> {
      const now = clock.now();
      const lines = await claimQueuedLines(db, now, new Date(now.getTime() + deps.claimMs), limit);
      await Promise.all(lines.map(placeLine));
      return lines.length;
    },
  };
}

export type BulkPurchasesService = ReturnType<typeof createBulkPurchasesService>;

import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createBulkPurchase, getBulkPurchase, type TBulkPurchase } from '@agentdesk/contract/purchases/bulk-purchase';
import { limit } from '../../http/rate-limits.js';
import { mountEndpoint } from '../../http/route.js';
import { requirePin, type TransactionPinService } from '../auth/transaction-pin.service.js';
import type { BulkPurchasesService } from './bulk-purchases.service.js';

/** 1,000 rows of ~100 bytes each, with room: above the app's 64 KiB default. */
export const BULK_BODY_LIMIT = 256 * 1024;

export function answerBatch(result: { batch: TBulkPurchase; created: boolean }) {
  return {
    status: result.created ? (201 as const) : (200 as const),
    message: result.created
      ? `${result.batch.counts.total} purchases queued`
      : 'This bulk purchase was already made: here is its progress',
    data: result.batch,
  };
}

/** The reseller API's batch key: its rows' requestIds, so the same rows sent again are the same batch. */
export function apiBatchKey(requestIds: readonly string[]): string {
  return `api-${createHash('sha256').update(requestIds.join('\n')).digest('hex').slice(0, 56)}`;
}

export function registerBulkPurchaseRoutes(
  app: FastifyInstance,
  deps: { bulk: BulkPurchasesService; pins: TransactionPinService },
): void {
  // A batch is up to 1,000 orders: a few a minute is plenty for a person.
  const perAgent = limit(app, {
    name: 'bulk-purchases',
    max: 10,
    windowMs: 60_000,
    key: (request) => request.auth?.user.id ?? request.ip,
  });

  // The PIN is checked once for the whole batch, before anything is queued (docs/decisions/043).
  mountEndpoint(
    app,
    createBulkPurchase,
    { preHandler: [perAgent], bodyLimit: BULK_BODY_LIMIT },
    async ({ auth, body, reply }) => {
      const { pin, clientKey, ...batch } = body;
      await requirePin(deps.pins, reply, auth.user.id, pin);
      const rows =
        batch.service === 'airtime'
          ? batch.rows.map((row) => ({ service: 'airtime' as const, ...row }))
          : batch.rows.map((row) => ({ service: 'data' as const, ...row }));
      return answerBatch(await deps.bulk.create(auth.user, { clientKey, source: 'dashboard', rows }));
    },
  );

  mountEndpoint(app, getBulkPurchase, {}, async ({ auth, params }) => ({
    message: 'OK',
    data: await deps.bulk.get(auth.user.id, params.id!),
  }));
}

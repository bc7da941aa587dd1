import type { FastifyInstance } from 'fastify';
import { formatNaira } from '@agentdesk/contract/money';
import { resellerBalance } from '@agentdesk/contract/reseller/reseller-balance';
import {
  resellerCreatePurchase,
  resellerGetPurchase,
  resellerRecheckPurchase,
} from '@agentdesk/contract/reseller/reseller-purchases';
import { resellerCreateBatch, resellerGetBatch } from '@agentdesk/contract/purchases/bulk-purchase';
import { resellerServices } from '@agentdesk/contract/reseller/reseller-services';
import { resellerTransactions } from '@agentdesk/contract/reseller/reseller-transactions';
import {
  resellerValidateJambProfile,
  resellerValidateMeter,
  resellerValidateSmartcard,
} from '@agentdesk/contract/reseller/reseller-validate';
import type { Database } from '../../db/database.js';
import { limit } from '../../http/rate-limits.js';
import { mountEndpoint } from '../../http/route.js';
import { answerBatch, apiBatchKey, BULK_BODY_LIMIT } from '../bulk-purchases/bulk-purchases.routes.js';
import type { BulkPurchasesService } from '../bulk-purchases/bulk-purchases.service.js';
import { apiCatalogView } from '../catalog/catalog-view.js';
import { createCustomerLookup } from '../catalog/customer-lookup.js';
import { findWalletBalance } from '../ledger/ledger.repo.js';
import { answerPurchase, answerPurchaseState, answerRecheck, recheckLimits } from '../purchases/purchases.routes.js';
import type { PurchasesService } from '../purchases/purchases.service.js';
import { transactionsPage } from '../transactions/transactions-page.js';
import type { UpstreamAdapter } from '../upstream/upstream.js';

/**
 * The reseller API: the dashboard's operations behind an API key. Every handler calls the
 * function the dashboard's route calls (one implementation, two doors), for the key's agent.
 */
export function registerResellerRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    upstream: UpstreamAdapter;
    purchases: PurchasesService;
    bulk: BulkPurchasesService;
    perKeyPerMinute: number;
  },
): void {
  const { db, purchases } = deps;
  const lookup = createCustomerLookup(deps);
  // Each key has its own budget; the guard has already resolved the key when this runs.
  const perKey = limit(app, {
    name: 'reseller-key',
    max: deps.perKeyPerMinute,
    windowMs: 60_000,
    key: (request) => (request.auth && 'apiKeyId' in request.auth ? request.auth.apiKeyId : request.ip),
  });
  // Each lookup costs the provider an upstream call: bounded per agent across all their keys.
  const lookups = limit(app, {
    name: 'reseller-customer-lookup',
    max: 300,
    windowMs: 15 * 60_000,
    key: (request) => request.auth?.user.id ?? request.ip,
  });
  const guarded = { preHandler: [perKey] };

  mountEndpoint(app, resellerBalance, guarded, async ({ auth }) => ({
    message: 'OK',
    data: { availableBalance: formatNaira(await findWalletBalance(db, auth.user.id)) },
  }));

  mountEndpoint(app, resellerServices, guarded, async ({ auth }) => ({
    message: 'OK',
    data: await apiCatalogView(db, auth.user.price_level_id),
  }));

  mountEndpoint(app, resellerValidateMeter, { preHandler: [perKey, lookups] }, async ({ query }) => ({
    message: 'Meter found',
    data: await lookup.meter(query),
  }));

  mountEndpoint(app, resellerValidateSmartcard, { preHandler: [perKey, lookups] }, async ({ query }) => ({
    message: 'Smartcard found',
    data: await lookup.smartcard(query),
  }));

  mountEndpoint(app, resellerValidateJambProfile, { preHandler: [perKey, lookups] }, async ({ query }) => ({
    message: 'Profile found',
    data: await lookup.jambProfile(query),
  }));

  mountEndpoint(app, resellerCreatePurchase, guarded, ({ auth, body }) => answerPurchase(purchases, auth.user, body));

  mountEndpoint(app, resellerGetPurchase, guarded, ({ auth, params }) =>
    answerPurchaseState(purchases, auth.user.id, params.requestId!),
  );

  mountEndpoint(app, resellerRecheckPurchase, { preHandler: [perKey, ...recheckLimits(app)] }, ({ auth, params }) =>
    answerRecheck(purchases, auth.user.id, params.requestId!),
  );

  // A batch of orders, each under the row's own requestId (docs/decisions/045): the same rows
  // again are the same batch, and a requestId already used answers its order, charged once.
  mountEndpoint(
    app,
    resellerCreateBatch,
    { preHandler: [perKey], bodyLimit: BULK_BODY_LIMIT },
    async ({ auth, body }) =>
      answerBatch(
        await deps.bulk.create(auth.user, {
          clientKey: apiBatchKey(body.rows.map((row) => row.requestId)),
          source: 'api',
          rows: body.rows,
        }),
      ),
  );

  mountEndpoint(app, resellerGetBatch, guarded, async ({ auth, params }) => ({
    message: 'OK',
    data: await deps.bulk.get(auth.user.id, params.id!),
  }));

  mountEndpoint(app, resellerTransactions, guarded, async ({ auth, query }) => ({
    message: 'OK',
    ...(await transactionsPage(db, auth.user.id, query)),
  }));
}

import type { FastifyInstance } from 'fastify';
import {
  listOrderAlerts,
  listStuckOrders,
  refundOrder,
  requeryOrder,
  setServiceTerms,
  setVariationTerms,
  syncCatalog as syncCatalogEndpoint,
} from '@agentdesk/contract/admin/catalog';
import { percentToBps } from '@agentdesk/contract/percent';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { changeServiceTerms, changeVariationTerms } from '../catalog/catalog-terms.service.js';
import { syncCatalog } from '../catalog/catalog-sync.service.js';
import type { UpstreamAdapter } from '../upstream/upstream.js';
import { toOrderView } from './order-view.js';
import { listAlertedOrders, listStaleOrders, type OrderRow } from './orders.repo.js';
import type { PurchasesService } from './purchases.service.js';

export function registerPurchasesAdminRoutes(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; upstream: UpstreamAdapter; purchases: PurchasesService },
): void {
  const { db, clock, purchases } = deps;
  const operatorView = async (order: OrderRow, username?: string) => ({
    ...toOrderView(order),
    id: order.id,
    username:
      username ??
      (await db.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [order.user_id]))[0]
        ?.username ??
      '',
    attempts: order.attempts,
    upstreamCode: order.upstream_code,
    alert: order.alert,
    alertDetail: order.alert_detail,
    alertedAt: order.alerted_at ? new Date(order.alerted_at).toISOString() : null,
    resolutionNote: order.resolution_note,
  });

  mountEndpoint(app, syncCatalogEndpoint, {}, async () => {
    const report = await syncCatalog({ db, clock, upstream: deps.upstream });
    const withdrawn = report.withdrawn > 0 ? `; ${report.withdrawn} no longer listed, withdrawn from sale` : '';
    return {
      message: `Synced ${report.services} services and ${report.variations} variations${withdrawn}`,
      data: report,
    };
  });

  mountEndpoint(app, setServiceTerms, {}, async ({ params, body }) => {
    const found = await changeServiceTerms(db, params.serviceId!, {
      ...(body.discountPercent !== undefined ? { discountBps: percentToBps(body.discountPercent) } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
    });
    if (!found) throw new AppError('NOT_FOUND', 'Service not found');
    return { message: 'Service updated', data: { serviceId: params.serviceId! } };
  });

  mountEndpoint(app, setVariationTerms, {}, async ({ params, body }) => {
    const found = await changeVariationTerms(db, params.serviceId!, params.code!, {
      ...(body.agentPrice !== undefined ? { agentPrice: body.agentPrice } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
    });
    if (!found) throw new AppError('NOT_FOUND', 'Variation not found');
    return { message: 'Variation updated', data: { serviceId: params.serviceId!, code: params.code! } };
  });

  mountEndpoint(app, listStuckOrders, {}, async ({ query }) => {
    const rows = await listStaleOrders(
      db,
      new Date(clock.now().getTime() - query.olderThanHours * 3_600_000),
      query.limit,
    );
    return { message: 'OK', data: await Promise.all(rows.map((row) => operatorView(row, row.username))) };
  });

  mountEndpoint(app, requeryOrder, {}, async ({ params }) => {
    const order = await purchases.requeryNow(params.id!);
    return {
      message: `The order is ${order.status === 'debited' ? 'pending' : order.status}`,
      data: await operatorView(order),
    };
  });

  mountEndpoint(app, listOrderAlerts, {}, async ({ query }) => {
    const rows = await listAlertedOrders(db, query.limit);
    return { message: 'OK', data: await Promise.all(rows.map((row) => operatorView(row, row.username))) };
  });

  mountEndpoint(app, refundOrder, {}, async ({ params, body, auth }) => {
    const result = await purchases.refundByOperator(params.id!, {
      operatorId: auth.user.id,
      reason: body.reason,
      force: body.force,
    });
    const answer = `${result.upstream.code} ${result.upstream.message}`;
    const message = {
      refunded: `Refunded: the upstream says the order failed (${answer})`,
      'refunded-by-force': `Refunded by force: the upstream's answer was ${answer}`,
      delivered: `Not refunded: the upstream delivered this order (${answer}); it is now delivered`,
    }[result.outcome];
    return {
      message,
      data: {
        ...(await operatorView(result.order)),
        upstream: { code: result.upstream.code, message: result.upstream.message },
        outcome: result.outcome,
      },
    };
  });
}

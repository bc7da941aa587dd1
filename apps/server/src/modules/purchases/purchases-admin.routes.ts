import type { FastifyInstance } from 'fastify';
import { listOrderAlerts, listStuckOrders, refundOrder, requeryOrder } from '@agentdesk/contract/admin/orders';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import type { Clock } from '../../lib/clock.js';
import { toOrderView } from './order-view.js';
import { listAlertedOrders, listStaleOrders, type OrderRow } from './orders.repo.js';
import type { PurchasesService } from './purchases.service.js';

/** Orders as operators see them: stuck ones, alerts, requery now, refund after a requery. */
export function registerPurchasesAdminRoutes(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; purchases: PurchasesService },
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

  mountEndpoint(app, listStuckOrders, {}, async ({ query }) => {
    const rows = await listStaleOrders(
      db,
      new Date(clock.now().getTime() - query.olderThanHours * 3_600_000),
      query.limit,
    );
    return { message: 'OK', data: await Promise.all(rows.map((row) => operatorView(row, row.username))) };
  });

  mountEndpoint(app, requeryOrder, {}, async ({ actor, params }) => {
    const order = await purchases.requeryNow(params.id!, actor);
    return {
      message: `The order is ${order.status === 'debited' ? 'pending' : order.status}`,
      data: await operatorView(order),
    };
  });

  mountEndpoint(app, listOrderAlerts, {}, async ({ query }) => {
    const rows = await listAlertedOrders(db, query.limit);
    return { message: 'OK', data: await Promise.all(rows.map((row) => operatorView(row, row.username))) };
  });

  mountEndpoint(app, refundOrder, {}, async ({ params, body, actor }) => {
    const result = await purchases.refundByOperator(params.id!, {
      actor,
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

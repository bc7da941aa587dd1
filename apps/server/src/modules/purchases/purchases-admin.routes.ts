import type { FastifyInstance } from 'fastify';
import {
  getOrder,
  listOrderAlerts,
  listOrders,
  listStuckOrders,
  refundOrder,
  requeryOrder,
  requeryOrders,
} from '@agentdesk/contract/admin/orders';
import { formatNaira } from '@agentdesk/contract/money';
import { lagosDayStart } from '@agentdesk/contract/time/lagos';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { forEachConcurrently } from '../../lib/concurrently.js';
import { orderTimeline } from './order-timeline.js';
import { toOrderView } from './order-view.js';
import { findOrderDetail, listOrderAudit, listOrderRows, orderCursorExists } from './orders-admin.repo.js';
import { findOrder, listAlertedOrders, listStaleOrders, type OrderRow } from './orders.repo.js';
import type { PurchasesService } from './purchases.service.js';
import { listOrderAttempts } from './order-attempts.repo.js';
import { listOrderExchanges } from './upstream-exchanges.repo.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const agentStatus = (status: OrderRow['status']) => (status === 'debited' ? 'pending' : status);
const isSettled = (status: OrderRow['status']) => status === 'delivered' || status === 'failed';

/**
 * Orders as operators see them: the searchable list, an order's page (its timeline and every
 * exchange with the upstream), stuck ones, alerts, requery now (one or a page of them), refund
 * after a requery.
 */
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
    upstreamId: order.upstream_id,
    alert: order.alert,
    alertDetail: order.alert_detail,
    alertedAt: order.alerted_at ? new Date(order.alerted_at).toISOString() : null,
    resolutionNote: order.resolution_note,
  });

  mountEndpoint(app, listOrders, {}, async ({ query }) => {
    if (query.cursor && !(await orderCursorExists(db, query.cursor))) throw AppError.unknownCursor();
    const rows = await listOrderRows(db, {
      ...query,
      from: query.from ? lagosDayStart(query.from) : undefined,
      to: query.to ? lagosDayStart(query.to, 1) : undefined,
    });
    const page = rows.slice(0, query.limit);
    return {
      message: 'OK',
      data: page.map((row) => ({
        id: row.id,
        createdAt: iso(row.created_at)!,
        reference: row.reference,
        agentId: row.user_id,
        username: row.username,
        service: row.service,
        serviceId: row.service_id,
        productName: row.product_name,
        recipient: row.recipient,
        price: formatNaira(row.price),
        faceValue: formatNaira(row.face_value),
        status: agentStatus(row.status),
        alert: row.alert,
      })),
      meta: { nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null },
    };
  });

  mountEndpoint(app, getOrder, {}, async ({ params }) => {
    const order = await findOrderDetail(db, params.id!);
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    const [exchanges, audit, attempts] = await Promise.all([
      listOrderExchanges(db, order.id),
      listOrderAudit(db, order.id),
      listOrderAttempts(db, order.id),
    ]);
    return {
      message: 'OK',
      data: {
        order: {
          ...(await operatorView(order, order.username)),
          agentId: order.user_id,
          reference: order.reference,
          refundReference: order.refund_reference,
          upstreamRequestId: order.upstream_request_id,
          phone: order.phone,
          variationCode: order.variation_code,
          sentAt: iso(order.sent_at),
        },
        agent: {
          id: order.user_id,
          username: order.username,
          firstName: order.first_name,
          lastName: order.last_name,
          phone: order.agent_phone,
          balance: formatNaira(order.balance),
        },
        timeline: orderTimeline(order, exchanges, audit),
        exchanges: exchanges.map((exchange) => ({
          id: exchange.id,
          call: exchange.call,
          requestId: exchange.upstream_request_id,
          method: exchange.method,
          path: exchange.path,
          requestBody: exchange.request_body,
          status: exchange.response_status,
          responseBody: exchange.response_body,
          error: exchange.error,
          verdict: exchange.verdict,
          code: exchange.code,
          startedAt: iso(exchange.started_at)!,
          durationMs: exchange.duration_ms,
        })),
        earlierAttempts: attempts.map((attempt) => ({
          upstreamId: attempt.upstream_id,
          requestId: attempt.upstream_request_id,
          verdict: attempt.verdict,
          code: attempt.code,
          message: attempt.message,
          endedAt: iso(attempt.ended_at)!,
        })),
      },
    };
  });

  // A page of orders at a time (the console sends the list it shows in pages, with its progress):
  // each one a requery now, audited as one; a few at once, as the worker does.
  mountEndpoint(app, requeryOrders, {}, async ({ actor, body }) => {
    const ids = [...new Set(body.ids)];
    const results = new Map<
      string,
      {
        id: string;
        status: 'pending' | 'delivered' | 'failed' | null;
        outcome: 'settled' | 'unchanged' | 'already-settled' | 'not-found' | 'error';
      }
    >();
    await forEachConcurrently(ids, 5, async (id) => {
      const before = await findOrder(db, id);
      if (!before) return void results.set(id, { id, status: null, outcome: 'not-found' });
      if (isSettled(before.status)) {
        return void results.set(id, { id, status: agentStatus(before.status), outcome: 'already-settled' });
      }
      try {
        const after = await purchases.requeryNow(id, actor);
        results.set(id, {
          id,
          status: agentStatus(after.status),
          outcome: isSettled(after.status) ? 'settled' : 'unchanged',
        });
      } catch (error) {
        app.log.error({ err: error, orderId: id }, 'a bulk requery of an order failed');
        results.set(id, { id, status: agentStatus(before.status), outcome: 'error' });
      }
    });
    const data = ids.map((id) => results.get(id)!);
    const settledNow = data.filter((row) => row.outcome === 'settled').length;
    return {
      message: `Asked about ${data.length} ${data.length === 1 ? 'order' : 'orders'}: ${settledNow} settled now`,
      data,
    };
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

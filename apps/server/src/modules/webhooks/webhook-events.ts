import { randomBytes } from 'node:crypto';
import type { TOrder } from '@agentdesk/contract/purchases/purchase';
import type { TCatalogUpdatedData, TWebhookEventType } from '@agentdesk/contract/api/webhooks';
import type { Queryable } from '../../db/database.js';
import { toOrderView } from '../purchases/order-view.js';
import type { OrderRow } from '../purchases/orders.repo.js';
import { insertDeliveryForEnabled, listEnabledEndpointsOfLevel } from './webhooks.repo.js';

export const newEventId = () => `evt_${randomBytes(18).toString('base64url')}`;

/** The JSON POSTed to the agent, built once: every attempt sends these same bytes. */
export function eventBody(event: {
  id: string;
  type: TWebhookEventType;
  createdAt: Date;
  data: TOrder | TCatalogUpdatedData;
}): string {
  return JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), data: event.data });
}

/**
 * The outbox's entry point for purchases: call it in the transaction that settles an order, so
 * the event exists exactly when the settlement does (nothing is lost to a crash between the
 * two). Records nothing unless the agent has an enabled webhook, and an order's event once.
 */
export async function enqueueOrderEvent(tx: Queryable, order: OrderRow, now: Date): Promise<void> {
  if (order.status !== 'delivered' && order.status !== 'failed') return;
  const id = newEventId();
  const type = order.status === 'delivered' ? 'purchase.delivered' : 'purchase.failed';
  await insertDeliveryForEnabled(tx, {
    userId: order.user_id,
    eventId: id,
    eventType: type,
    orderId: order.id,
    body: eventBody({ id, type, createdAt: now, data: toOrderView(order) }),
    now,
  });
}

/**
 * `catalog.updated` for every agent of a level with an enabled webhook, in the transaction that
 * changed the level's prices (decision 041): signed, retried and kept like every event.
 */
export async function enqueueCatalogUpdated(
  tx: Queryable,
  event: { levelId: string; plans: TCatalogUpdatedData['plans']; now: Date },
): Promise<number> {
  let recorded = 0;
  for (const userId of await listEnabledEndpointsOfLevel(tx, event.levelId)) {
    const id = newEventId();
    const type = 'catalog.updated';
    const body = eventBody({ id, type, createdAt: event.now, data: { plans: event.plans } });
    const inserted = await insertDeliveryForEnabled(tx, {
      userId,
      eventId: id,
      eventType: type,
      orderId: null,
      body,
      now: event.now,
    });
    if (inserted) recorded += 1;
  }
  return recorded;
}

/** What a `test` event carries: an order shaped like a real one, marked as a test. */
export function sampleOrder(now: Date): TOrder {
  return {
    requestId: 'test-event',
    status: 'delivered',
    service: 'airtime',
    serviceId: 'mtn',
    productName: 'MTN Airtime (test event)',
    recipient: '08011111111',
    quantity: 1,
    faceValue: '100.00',
    price: '98.00',
    message: 'This is a test event: no purchase was made',
    result: { token: null, units: null, customerName: null, customerAddress: null, cards: [], pin: null },
    transactionId: null,
    refundTransactionId: null,
    createdAt: now.toISOString(),
    settledAt: now.toISOString(),
  };
}

import { formatNaira } from '@agentdesk/contract/money';
import type { TOrder } from '@agentdesk/contract/purchases/purchase';
import type { OrderRow } from './orders.repo.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toOrderView(order: OrderRow): TOrder {
  return {
    requestId: order.request_id,
    // 'debited' is ours alone: to the agent it is pending like any order not yet settled.
    status: order.status === 'debited' ? 'pending' : order.status,
    service: order.service,
    serviceId: order.service_id,
    productName: order.product_name,
    recipient: order.recipient,
    quantity: order.quantity,
    faceValue: formatNaira(order.face_value),
    price: formatNaira(order.price),
    message: order.upstream_message,
    result: {
      token: order.result.token ?? null,
      units: order.result.units ?? null,
      customerName: order.result.customerName ?? null,
      customerAddress: order.result.customerAddress ?? null,
      cards: order.result.cards ?? [],
      pin: order.result.pin ?? null,
    },
    transactionId: order.transaction_id,
    refundTransactionId: order.refund_transaction_id,
    createdAt: iso(order.created_at)!,
    settledAt: iso(order.settled_at),
  };
}

import { formatNaira } from '@agentdesk/contract/money';
import type { TReceipt } from '@agentdesk/contract/transactions/receipt';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { findOrderByRequest, type OrderRow } from '../purchases/orders.repo.js';
import { findTransaction, type TransactionRow } from '../transactions/transactions.repo.js';

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The order behind a purchase or a refund: its history row names the order's requestId. */
async function orderOf(db: Database, row: TransactionRow): Promise<OrderRow | undefined> {
  const requestId =
    row.type === 'purchase'
      ? text(row.details.requestId)
      : row.type === 'refund'
        ? text(row.details.orderRequestId)
        : null;
  return requestId ? findOrderByRequest(db, row.user_id, requestId) : undefined;
}

export function createReceiptService(deps: { db: Database; brandName: string }) {
  const { db, brandName } = deps;

  return {
    /** What a receipt of one of this agent's transactions shows; another agent's id is not found. */
    async receipt(userId: string, transactionId: string): Promise<TReceipt> {
      const row = await findTransaction(db, userId, transactionId);
      if (!row) throw new AppError('NOT_FOUND', 'Transaction not found');
      const order = await orderOf(db, row);
      const charge = text(row.details.charge);
      return {
        brandName,
        transactionId: row.id,
        reference: row.ref,
        date: row.created_at.toISOString(),
        transactionType: row.type,
        direction: row.direction,
        status: row.status,
        title: row.name,
        description: row.description,
        service: order?.service ?? null,
        productName: order?.product_name ?? null,
        recipient: order?.recipient ?? row.recipient,
        phone: order?.phone ?? null,
        quantity: order?.quantity ?? null,
        amount: formatNaira(row.amount),
        faceValue: order ? formatNaira(order.face_value) : null,
        fee: charge,
        requestId: order?.request_id ?? null,
        token: order?.result.token ?? null,
        units: order?.result.units ?? null,
        customerName: order?.result.customerName ?? null,
        customerAddress: order?.result.customerAddress ?? null,
        cards: order?.result.cards ?? [],
        pin: order?.result.pin ?? null,
      };
    },
  };
}

export type ReceiptService = ReturnType<typeof createReceiptService>;

import { formatNaira } from '@agentdesk/contract/money';
import type { TTransaction } from '@agentdesk/contract/transactions/transaction';
import type { TransactionRow } from './transactions.repo.js';

export function toTransactionView(row: TransactionRow): TTransaction {
  return {
    id: row.id,
    ref: row.ref,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
    amount: formatNaira(row.amount),
    direction: row.direction,
    transactionType: row.type,
    status: row.status,
    service: row.service,
    recipient: row.recipient,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    details: {
      ...row.details,
      balance: { before: formatNaira(row.balance_before), after: formatNaira(row.balance_after) },
    },
  };
}

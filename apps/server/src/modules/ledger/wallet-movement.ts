import type { Queryable } from '../../db/database.js';
import { newTransactionRef } from '../transactions/transaction-ref.js';
import {
  insertTransaction,
  type TransactionRow,
  type TransactionStatus,
  type TransactionType,
} from '../transactions/transactions.repo.js';
import type { ProviderAccount } from './ledger.repo.js';
import { postMovement } from './ledger.service.js';

const REF_PREFIX: Record<TransactionType, Parameters<typeof newTransactionRef>[0]> = {
  funding: 'FND',
  purchase: 'PUR',
  refund: 'RFD',
  commission: 'COM',
  referral_bonus: 'BON',
  adjustment: 'ADJ',
};

export interface WalletMovement {
  userId: string;
  direction: 'credit' | 'debit';
  /** Kobo moved in or out of the wallet (positive). */
  amount: bigint;
  /** The provider account on the other side. */
  counterpart: ProviderAccount;
  /** A fee the provider keeps on a credit: taken from the counterpart, not from the wallet. */
  fee?: bigint;
  idempotencyKey: string;
  type: TransactionType;
  status?: TransactionStatus;
  name: string;
  description: string;
  service?: string | null;
  recipient?: string | null;
  imageUrl?: string | null;
  details?: Record<string, unknown>;
  now: Date;
}

/**
 * Moves money in or out of one wallet and writes the transaction the agent sees, in the
 * caller's database transaction: the journal entry, the balances and the history row
 * commit together. Answers undefined when the idempotency key was already posted.
 */
export async function postWalletMovement(tx: Queryable, movement: WalletMovement): Promise<TransactionRow | undefined> {
  const fee = movement.fee ?? 0n;
  if (movement.amount <= 0n) throw new Error('a wallet movement moves a positive amount');
  if (fee < 0n || (fee > 0n && movement.direction !== 'credit')) throw new Error('a fee applies to credits only');
  const walletAmount = movement.direction === 'credit' ? movement.amount : -movement.amount;
  const postings = [
    { party: { wallet: movement.userId }, amount: walletAmount },
    { party: { provider: movement.counterpart }, amount: -walletAmount - fee },
    ...(fee > 0n ? [{ party: { provider: 'fees' as const }, amount: fee }] : []),
  ];
  const posted = await postMovement(tx, {
    kind: movement.type,
    idempotencyKey: movement.idempotencyKey,
    description: movement.description,
    postings,
    now: movement.now,
  });
  if (!posted) return undefined;
  const balance = posted.wallets.get(movement.userId)!;
  return insertTransaction(tx, {
    userId: movement.userId,
    entryId: posted.entryId,
    ref: newTransactionRef(REF_PREFIX[movement.type], movement.now),
    type: movement.type,
    status: movement.status ?? 'success',
    direction: movement.direction,
    amount: movement.amount,
    balanceBefore: balance.before,
    balanceAfter: balance.after,
    name: movement.name,
    description: movement.description,
    service: movement.service ?? null,
    recipient: movement.recipient ?? null,
    imageUrl: movement.imageUrl ?? null,
    details: movement.details ?? {},
    now: movement.now,
  });
}

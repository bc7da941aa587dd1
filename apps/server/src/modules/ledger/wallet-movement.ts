import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import { newTransactionRef } from '../transactions/transaction-ref.js';
import type { TransactionRow, TransactionStatus, TransactionType } from '../transactions/transactions.repo.js';
import { postWalletEntry, type PostedWalletEntry, type ProviderAccount, type WalletEntry } from './ledger.repo.js';
import { asInsufficientFunds, planMovement } from './ledger.service.js';

const REF_PREFIX: Record<TransactionType, Parameters<typeof newTransactionRef>[0]> = {
  funding: 'FND',
  purchase: 'PUR',
  refund: 'RFD',
  commission: 'COM',
  referral_bonus: 'BON',
  adjustment: 'ADJ',
};

export interface WalletMovement {
  /** The history row's id, when the caller must point at it before it exists (same transaction). */
  transactionId?: string;
  userId: string;
  direction: 'credit' | 'debit';
  /** Kobo moved in or out of the wallet (positive). */
  amount: bigint;
  /** The provider account on the other side. */
  counterpart: ProviderAccount;
  /** For `upstream_float`: whose float (the first upstream's when unsaid, decision 037). */
  upstream?: string | undefined;
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
 * Checks a wallet movement and plans its journal entry (the wallet, the counterpart and any
 * fee) and the history row the agent sees, ready for `post_wallet_movement`.
 */
export function planWalletMovement(movement: WalletMovement): WalletEntry {
  const fee = movement.fee ?? 0n;
  if (movement.amount <= 0n) throw new Error('a wallet movement moves a positive amount');
  if (fee < 0n || (fee > 0n && movement.direction !== 'credit')) throw new Error('a fee applies to credits only');
  const walletAmount = movement.direction === 'credit' ? movement.amount : -movement.amount;
  const planned = planMovement({
    kind: movement.type,
    idempotencyKey: movement.idempotencyKey,
    description: movement.description,
    postings: [
      { party: { wallet: movement.userId }, amount: walletAmount },
      { party: { provider: movement.counterpart, upstream: movement.upstream }, amount: -walletAmount - fee },
      ...(fee > 0n ? [{ party: { provider: 'fees' as const }, amount: fee }] : []),
    ],
    now: movement.now,
  });
  return {
    ...planned,
    kind: movement.type,
    userId: movement.userId,
    transactionId: movement.transactionId ?? randomUUID(),
    ref: newTransactionRef(REF_PREFIX[movement.type], movement.now),
    status: movement.status ?? 'success',
    name: movement.name,
    service: movement.service ?? null,
    recipient: movement.recipient ?? null,
    imageUrl: movement.imageUrl ?? null,
    details: movement.details ?? {},
  };
}

/** The history row a posted wallet movement wrote, as the database holds it. */
function postedTransaction(entry: WalletEntry, posted: PostedWalletEntry): TransactionRow {
  return {
    id: entry.transactionId,
    user_id: entry.userId,
    entry_id: posted.entry_id,
    ref: entry.ref,
    type: entry.kind,
    status: entry.status,
    direction: posted.balance_after > posted.balance_before ? 'credit' : 'debit',
    amount:
      posted.balance_after > posted.balance_before
        ? posted.balance_after - posted.balance_before
        : posted.balance_before - posted.balance_after,
    balance_before: posted.balance_before,
    balance_after: posted.balance_after,
    name: entry.name,
    description: entry.description,
    service: entry.service,
    recipient: entry.recipient,
    image_url: entry.imageUrl,
    details: entry.details,
    created_at: entry.now,
    updated_at: entry.now,
  };
}

/**
 * Moves money in or out of one wallet and writes the transaction the agent sees, in the
 * caller's database transaction and in one statement: the journal entry, the balances and the
 * history row commit together. Answers undefined when the idempotency key was already posted.
 */
export async function postWalletMovement(tx: Queryable, movement: WalletMovement): Promise<TransactionRow | undefined> {
  const entry = planWalletMovement(movement);
  const posted = await postWalletEntry(tx, entry).catch((error: unknown) => {
    throw asInsufficientFunds(error);
  });
  return posted && postedTransaction(entry, posted);
}

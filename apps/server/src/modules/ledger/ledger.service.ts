import type { Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import {
  applyPosting,
  ensureWalletAccount,
  insertEntry,
  providerAccountCode,
  type ProviderAccount,
} from './ledger.repo.js';

/** Whose money a posting moves: an agent's wallet or one of the provider's accounts. */
export type LedgerParty = { wallet: string } | { provider: ProviderAccount };

export interface Posting {
  party: LedgerParty;
  /** Kobo; positive raises the account's balance, negative lowers it. */
  amount: bigint;
}

export interface Movement {
  kind: string;
  /** Same key, same movement: a second post with it changes nothing. */
  idempotencyKey: string;
  description: string;
  postings: Posting[];
  now: Date;
}

export interface PostedMovement {
  entryId: string;
  /** Balance of each wallet before and after, by user id. */
  wallets: Map<string, { before: bigint; after: bigint }>;
}

/**
 * The only code that moves money. Posts one balanced journal entry and the balances it
 * changes, inside the caller's transaction, so the state change it pays for commits with it.
 * Accounts are updated in the order of their codes, so concurrent movements never deadlock;
 * a provider account split into shards is posted on the shard the idempotency key picks. A
 * wallet that would go below zero refuses the whole movement (INSUFFICIENT_FUNDS). Answers
 * undefined when the idempotency key was already posted.
 */
export async function postMovement(tx: Queryable, movement: Movement): Promise<PostedMovement | undefined> {
  if (movement.postings.length < 2) throw new Error('a movement needs at least two postings');
  const total = movement.postings.reduce((sum, posting) => sum + posting.amount, 0n);
  if (total !== 0n) throw new Error(`movement ${movement.idempotencyKey} does not balance: ${total}`);
  if (movement.postings.some((posting) => posting.amount === 0n)) throw new Error('a posting cannot be zero');

  const entryId = await insertEntry(tx, movement);
  if (!entryId) return undefined;

  const codeOf = (party: LedgerParty) =>
    'wallet' in party ? `wallet:${party.wallet}` : providerAccountCode(party.provider, movement.idempotencyKey);
  const coded = movement.postings.map((posting) => ({ ...posting, code: codeOf(posting.party) }));
  coded.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

  const wallets = new Map<string, { before: bigint; after: bigint }>();
  for (const posting of coded) {
    let after: bigint;
    try {
      const apply = () => applyPosting(tx, { entryId, code: posting.code, amount: posting.amount });
      let applied = await apply();
      if (applied === undefined && 'wallet' in posting.party) {
        // A wallet's first movement creates it.
        await ensureWalletAccount(tx, posting.party.wallet);
        applied = await apply();
      }
      if (applied === undefined) throw new Error(`missing ledger account ${posting.code}`);
      after = applied;
    } catch (error) {
      if ((error as { code?: string }).code === '23514') {
        throw new AppError('INSUFFICIENT_FUNDS', 'Your wallet balance is not enough for this.');
      }
      throw error;
    }
    if ('wallet' in posting.party) wallets.set(posting.party.wallet, { before: after - posting.amount, after });
  }
  return { entryId, wallets };
}

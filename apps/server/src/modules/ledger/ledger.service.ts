import type { Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { postEntry, providerAccountCode, walletCode, type ProviderAccount } from './ledger.repo.js';

/** Whose money a posting moves: an agent's wallet or one of the provider's accounts. */
export type LedgerParty = { wallet: string } | { provider: ProviderAccount; upstream?: string | undefined };

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

/** A movement checked and ready to post: each posting on its account's code, in code order. */
export interface PlannedMovement extends Omit<Movement, 'postings'> {
  postings: Array<Posting & { code: string }>;
}

export interface PostedMovement {
  entryId: string;
  /** Balance of each wallet before and after, by user id. */
  wallets: Map<string, { before: bigint; after: bigint }>;
}

/**
 * Checks a movement and puts each posting on its account: a wallet's, or the shard of a
 * provider account the idempotency key picks. The postings come out in the order of their
 * codes, the order in which their accounts are locked, so concurrent movements never deadlock.
 */
export function planMovement(movement: Movement): PlannedMovement {
  if (movement.postings.length < 2) throw new Error('a movement needs at least two postings');
  const total = movement.postings.reduce((sum, posting) => sum + posting.amount, 0n);
  if (total !== 0n) throw new Error(`movement ${movement.idempotencyKey} does not balance: ${total}`);
  if (movement.postings.some((posting) => posting.amount === 0n)) throw new Error('a posting cannot be zero');

  const codeOf = (party: LedgerParty) =>
    'wallet' in party
      ? walletCode(party.wallet)
      : providerAccountCode(party.provider, movement.idempotencyKey, party.upstream);
  const postings = movement.postings.map((posting) => ({ ...posting, code: codeOf(posting.party) }));
  postings.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  if (postings.some((posting, index) => index > 0 && postings[index - 1]!.code === posting.code)) {
    throw new Error(`movement ${movement.idempotencyKey} posts to one account twice`);
  }
  return { ...movement, postings };
}

/** A wallet that would go below zero fails the statement that posts (23514): the agent is told why. */
export function asInsufficientFunds(error: unknown): unknown {
  return (error as { code?: string }).code === '23514'
    ? new AppError('INSUFFICIENT_FUNDS', 'Your wallet balance is not enough for this.')
    : error;
}

/**
 * The only code that moves money (with `postWalletMovement`, which posts through the same
 * database function). Posts one balanced journal entry and the balances it changes, inside
 * the caller's transaction, so the state change it pays for commits with it, in one round
 * trip. A wallet that would go below zero refuses the whole movement (INSUFFICIENT_FUNDS).
 * Answers undefined when the idempotency key was already posted.
 */
export async function postMovement(tx: Queryable, movement: Movement): Promise<PostedMovement | undefined> {
  const planned = planMovement(movement);
  const posted = await postEntry(tx, planned).catch((error: unknown) => {
    throw asInsufficientFunds(error);
  });
  if (!posted) return undefined;

  const wallets = new Map<string, { before: bigint; after: bigint }>();
  for (const posting of planned.postings) {
    const after = posted.balances.get(posting.code);
    if (after === undefined) throw new Error(`missing ledger account ${posting.code}`);
    if ('wallet' in posting.party) wallets.set(posting.party.wallet, { before: after - posting.amount, after });
  }
  return { entryId: posted.entryId, wallets };
}

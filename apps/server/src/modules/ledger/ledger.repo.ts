import type { Queryable } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { TransactionStatus, TransactionType } from '../transactions/transactions.repo.js';

export type ProviderAccount =
  | 'funding_clearing'
  | 'gateway_clearing'
  | 'upstream_float'
  | 'revenue'
  | 'refunds'
  | 'bonuses'
  | 'adjustments'
  | 'fees';

/**
 * Provider accounts split into shards (migration 013), so that concurrent movements do not
 * queue on one row lock: shard 0 is `provider:<kind>`, shard n is `provider:<kind>:<n>`.
 */
export const PROVIDER_SHARDS: Readonly<Partial<Record<ProviderAccount, number>>> = { upstream_float: 16 };

/**
 * The upstream whose float the unqualified `provider:upstream_float` accounts are: the first
 * upstream, whose accounts predate routing (decision 037). Every other upstream's float has
 * accounts of its own, `provider:upstream_float@<id>` and its shards.
 */
export const FIRST_UPSTREAM_ID = 'vtpass';

/** The base code of a provider account: an upstream's own float for `upstream_float` of another upstream. */
function providerBaseCode(account: ProviderAccount, upstream: string | undefined): string {
  if (account !== 'upstream_float' || upstream === undefined || upstream === FIRST_UPSTREAM_ID) {
    return `provider:${account}`;
  }
  return `provider:upstream_float@${upstream}`;
}

/** Every account code of an upstream's float, its shards included (created with the upstream). */
export function upstreamFloatCodes(upstream: string): string[] {
  const base = providerBaseCode('upstream_float', upstream);
  const shards = PROVIDER_SHARDS.upstream_float ?? 1;
  return Array.from({ length: shards }, (_, shard) => (shard === 0 ? base : `${base}:${shard}`));
}

/**
 * The account code of a provider account for one movement: its shard follows the movement's
 * key; an upstream's float is that upstream's (`upstream`, the first upstream's when unsaid).
 */
export function providerAccountCode(account: ProviderAccount, movementKey: string, upstream?: string): string {
  const shards = PROVIDER_SHARDS[account] ?? 1;
  const base = providerBaseCode(account, upstream);
  if (shards === 1) return base;
  // FNV-1a: cheap, stable, and spreads similar keys (`order:<uuid>`) evenly.
  let hash = 0x811c9dc5;
  for (let index = 0; index < movementKey.length; index++) {
    hash = Math.imul(hash ^ movementKey.charCodeAt(index), 0x01000193) >>> 0;
  }
  const shard = hash % shards;
  return shard === 0 ? base : `${base}:${shard}`;
}

/** The account code of an agent's wallet. */
export const walletCode = (userId: string) => `wallet:${userId}`;

/** A movement's postings as the database functions take them: codes and amounts, in the same order. */
function postingArrays(postings: ReadonlyArray<{ code: string; amount: bigint }>): [string[], string[]] {
  return [postings.map((posting) => posting.code), postings.map((posting) => posting.amount.toString())];
}

/** A provider account's balance: the sum of its shards. */
export async function findProviderBalance(db: Queryable, account: ProviderAccount): Promise<bigint> {
  const rows = await db.query<{ balance: bigint | null }>(
    `SELECT sum(balance)::bigint AS balance FROM ledger_accounts WHERE user_id IS NULL AND kind = $1`,
    [account],
  );
  return rows[0]?.balance ?? 0n;
}

export async function findWalletBalance(db: Queryable, userId: string): Promise<bigint> {
  const rows = await db.query<{ balance: bigint }>(`SELECT balance FROM ledger_accounts WHERE code = $1`, [
    walletCode(userId),
  ]);
  return rows[0]?.balance ?? 0n;
}

const POST_ENTRY = prepared('SELECT entry_id, code, balance_after FROM post_movement($1, $2, $3, $4, $5, $6)');

/**
 * Posts a journal entry with its postings in one statement (`post_movement`, migration 014):
 * the entry, each account's new balance and the postings with the balance after. Accounts are
 * locked in the order of their codes; a wallet's first movement creates it. Answers each
 * account's balance after, by code, or undefined when the idempotency key was already posted.
 * A wallet that would go below zero fails the statement (23514).
 */
export async function postEntry(
  db: Queryable,
  entry: {
    kind: string;
    idempotencyKey: string;
    description: string;
    now: Date;
    postings: ReadonlyArray<{ code: string; amount: bigint }>;
  },
): Promise<{ entryId: string; balances: Map<string, bigint> } | undefined> {
  const rows = await db.query<{ entry_id: string; code: string; balance_after: bigint }>(POST_ENTRY, [
    entry.kind,
    entry.idempotencyKey,
    entry.description,
    entry.now,
    ...postingArrays(entry.postings),
  ]);
  if (rows.length === 0) return undefined;
  return { entryId: rows[0]!.entry_id, balances: new Map(rows.map((row) => [row.code, row.balance_after])) };
}

/** A movement of one agent's wallet with the history row the agent sees: post_wallet_movement's arguments. */
export interface WalletEntry {
  kind: TransactionType;
  idempotencyKey: string;
  description: string;
  now: Date;
  postings: ReadonlyArray<{ code: string; amount: bigint }>;
  userId: string;
  transactionId: string;
  ref: string;
  status: TransactionStatus;
  name: string;
  service: string | null;
  recipient: string | null;
  imageUrl: string | null;
  details: Record<string, unknown>;
}

/**
 * post_wallet_movement's parameters, in order, with their SQL types (migration 014): the one
 * list that every call of it, one movement or a batch's, is written from.
 */
const WALLET_ENTRY_PARAMS = [
  ['kind', 'text'],
  ['idempotencyKey', 'text'],
  ['description', 'text'],
  ['now', 'timestamptz'],
  ['codes', 'text[]'],
  ['amounts', 'bigint[]'],
  ['userId', 'uuid'],
  ['transactionId', 'uuid'],
  ['ref', 'text'],
  ['status', 'text'],
  ['name', 'text'],
  ['service', 'text'],
  ['recipient', 'text'],
  ['imageUrl', 'text'],
  ['details', 'jsonb'],
] as const;

export type WalletEntryParam = (typeof WALLET_ENTRY_PARAMS)[number][0];

/** Arguments a statement gives from its own rows (an inserted order's user and history row id), as SQL. */
export type GivenArguments = Partial<Record<WalletEntryParam, string>>;

function walletEntryValues(entry: WalletEntry): Record<WalletEntryParam, unknown> {
  const [codes, amounts] = postingArrays(entry.postings);
  return {
    kind: entry.kind,
    idempotencyKey: entry.idempotencyKey,
    description: entry.description,
    now: entry.now,
    codes,
    amounts,
    userId: entry.userId,
    transactionId: entry.transactionId,
    ref: entry.ref,
    status: entry.status,
    name: entry.name,
    service: entry.service,
    recipient: entry.recipient,
    imageUrl: entry.imageUrl,
    details: entry.details,
  };
}

const notGiven = (given: GivenArguments) => WALLET_ENTRY_PARAMS.filter(([param]) => given[param] === undefined);

/** A call of `post_wallet_movement` whose every argument is a SQL expression of the calling statement. */
function callWith(argument: (param: WalletEntryParam) => string): string {
  return `post_wallet_movement(${WALLET_ENTRY_PARAMS.map(([param]) => argument(param)).join(', ')})`;
}

/**
 * A call of `post_wallet_movement` for a statement whose parameters before it number `offset`,
 * so that one statement can post a wallet movement with the state change it pays for;
 * `walletEntryArgs` gives its parameters. `given` arguments are expressions of that statement
 * (`{ transactionId: 'placed.transaction_id' }`): the call then depends on a row of the
 * statement, and runs once per such row. The call answers (entry_id, balance_before,
 * balance_after), or no rows when the idempotency key was already posted.
 */
export function walletEntryCall(offset: number, given: GivenArguments = {}): string {
  let next = offset;
  return callWith((param) => given[param] ?? `$${++next}`);
}

/** The parameters of a `walletEntryCall` with the same `given`, in order. */
export function walletEntryArgs(entry: WalletEntry, given: GivenArguments = {}): unknown[] {
  const values = walletEntryValues(entry);
  return notGiven(given).map(([param]) => (param === 'details' ? JSON.stringify(values.details) : values[param]));
}

const column = (param: WalletEntryParam) => `entry_${param.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`;

/**
 * The batch form: a call of `post_wallet_movement` per row of a recordset `alias` whose columns
 * `walletEntryColumns` names (`entry_kind`, `entry_idempotency_key`, ...), and `walletEntryRecord`
 * fills for one movement; `given` as for `walletEntryCall`.
 */
export function walletEntryRowCall(alias: string, given: GivenArguments = {}): string {
  return callWith((param) => given[param] ?? `${alias}.${column(param)}`);
}

/** The recordset columns of a `walletEntryRowCall` with the same `given`: names and SQL types. */
export function walletEntryColumns(given: GivenArguments = {}): Array<readonly [string, string]> {
  return notGiven(given).map(([param, type]) => [column(param), type] as const);
}

/** One movement's row of that recordset, for a jsonb array. */
export function walletEntryRecord(entry: WalletEntry, given: GivenArguments = {}): Record<string, unknown> {
  const values = walletEntryValues(entry);
  return Object.fromEntries(notGiven(given).map(([param]) => [column(param), values[param]]));
}

export interface PostedWalletEntry {
  entry_id: string;
  balance_before: bigint;
  balance_after: bigint;
}

const POST_WALLET_ENTRY = prepared(`SELECT entry_id, balance_before, balance_after FROM ${walletEntryCall(0)}`);

/** Posts a wallet movement and its history row in one statement; undefined when the key was already posted. */
export async function postWalletEntry(db: Queryable, entry: WalletEntry): Promise<PostedWalletEntry | undefined> {
  const rows = await db.query<PostedWalletEntry>(POST_WALLET_ENTRY, walletEntryArgs(entry));
  return rows[0];
}

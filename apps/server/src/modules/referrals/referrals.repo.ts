import type { Queryable } from '../../db/database.js';

export interface ReferralSettingsRow {
  funding_bonus: bigint;
  margin_bps: number;
  margin_purchases: number;
  updated_at: Date | null;
  updated_by: string | null;
}

/** The one rule row (migration 011 creates it). */
export async function readReferralSettings(db: Queryable, forUpdate = false): Promise<ReferralSettingsRow> {
  const rows = await db.query<ReferralSettingsRow>(
    `SELECT funding_bonus, margin_bps, margin_purchases, updated_at, updated_by FROM referral_settings WHERE id${forUpdate ? ' FOR UPDATE' : ''}`,
  );
  return rows[0]!;
}

export async function updateReferralSettings(
  db: Queryable,
  changes: { fundingBonus?: bigint | undefined; marginBps?: number | undefined; marginPurchases?: number | undefined },
  by: { userId: string | null; now: Date },
): Promise<ReferralSettingsRow> {
  const rows = await db.query<ReferralSettingsRow>(
    `UPDATE referral_settings SET
       funding_bonus = coalesce($1, funding_bonus),
       margin_bps = coalesce($2, margin_bps),
       margin_purchases = coalesce($3, margin_purchases),
       updated_at = $4, updated_by = $5
     WHERE id
     RETURNING funding_bonus, margin_bps, margin_purchases, updated_at, updated_by`,
    [changes.fundingBonus ?? null, changes.marginBps ?? null, changes.marginPurchases ?? null, by.now, by.userId],
  );
  return rows[0]!;
}

export interface ReferralLink {
  referrer_id: string;
  referred_first_name: string;
  referred_last_name: string;
}

/**
 * The agent who referred this one, with the referred agent's row locked until the
 * transaction ends: the bonus decisions for one referred agent (is this the first funding,
 * is this among the first N purchases) are taken one at a time. `FOR NO KEY UPDATE` does not
 * block the inserts that reference the user (sessions, history rows). Undefined when nobody
 * referred them, or the referrer is not an agent.
 */
export async function lockReferralLink(db: Queryable, referredId: string): Promise<ReferralLink | undefined> {
  const rows = await db.query<ReferralLink>(
    `SELECT u.referred_by AS referrer_id, u.first_name AS referred_first_name, u.last_name AS referred_last_name
     FROM users u
     WHERE u.id = $1 AND u.referred_by IS NOT NULL
       AND EXISTS (SELECT 1 FROM users r WHERE r.id = u.referred_by AND r.role = 'agent')
     FOR NO KEY UPDATE OF u`,
    [referredId],
  );
  return rows[0];
}

/**
 * Wallet fundings credited to this agent so far (the current transaction's included), counted
 * up to `upTo`: the answer only needs to say "one" or "more", whatever the agent's history.
 */
export async function countFundings(db: Queryable, userId: string, upTo: number): Promise<number> {
  const rows = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM (
       SELECT 1 FROM wallet_transactions WHERE user_id = $1 AND type = 'funding' LIMIT $2
     ) AS fundings`,
    [userId, upTo],
  );
  return rows[0]!.count;
}

/** Delivered purchases of this agent so far (the current transaction's included), counted up to `upTo`. */
export async function countDeliveredOrders(db: Queryable, userId: string, upTo: number): Promise<number> {
  const rows = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM (
       SELECT 1 FROM orders WHERE user_id = $1 AND status = 'delivered' LIMIT $2
     ) AS delivered`,
    [userId, upTo],
  );
  return rows[0]!.count;
}

export async function countBonuses(
  db: Queryable,
  referredId: string,
  kind: 'first_funding' | 'purchase_margin',
): Promise<number> {
  const rows = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM referral_bonuses WHERE referred_id = $1 AND kind = $2',
    [referredId, kind],
  );
  return rows[0]!.count;
}

export async function insertBonus(
  db: Queryable,
  bonus: {
    referrerId: string;
    referredId: string;
    kind: 'first_funding' | 'purchase_margin';
    eventKey: string;
    amount: bigint;
    transactionId: string;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO referral_bonuses (referrer_id, referred_id, kind, event_key, amount, transaction_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [bonus.referrerId, bonus.referredId, bonus.kind, bonus.eventKey, bonus.amount, bonus.transactionId, bonus.now],
  );
}

export interface ReferralTotalsRow {
  referred: number;
  earned: bigint;
  bonuses: number;
}

export async function referralTotals(db: Queryable, referrerId: string): Promise<ReferralTotalsRow> {
  const rows = await db.query<ReferralTotalsRow>(
    `SELECT (SELECT count(*)::int FROM users WHERE referred_by = $1) AS referred,
            coalesce(sum(b.amount), 0)::bigint AS earned,
            count(b.id)::int AS bonuses
     FROM referral_bonuses b WHERE b.referrer_id = $1`,
    [referrerId],
  );
  return rows[0]!;
}

export interface ReferredAgentRow {
  id: string;
  first_name: string;
  last_name: string;
  created_at: Date;
  earned: bigint;
  funded: boolean;
}

/** One page of the agents this referrer brought, newest first, keyset on (created_at, id). */
export async function listReferredAgents(
  db: Queryable,
  referrerId: string,
  options: { cursor?: string | undefined; limit: number },
): Promise<ReferredAgentRow[]> {
  return db.query<ReferredAgentRow>(
    `SELECT u.id, u.first_name, u.last_name, u.created_at,
            coalesce((SELECT sum(b.amount) FROM referral_bonuses b WHERE b.referrer_id = $1 AND b.referred_id = u.id), 0)::bigint AS earned,
            EXISTS (SELECT 1 FROM wallet_transactions t WHERE t.user_id = u.id AND t.type = 'funding') AS funded
     FROM users u
     WHERE u.referred_by = $1
       AND ($2::uuid IS NULL OR (u.created_at, u.id) < (SELECT c.created_at, c.id FROM users c WHERE c.id = $2 AND c.referred_by = $1))
     ORDER BY u.created_at DESC, u.id DESC
     LIMIT $3`,
    [referrerId, options.cursor ?? null, options.limit + 1],
  );
}

export async function referredAgentExists(db: Queryable, referrerId: string, id: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM users WHERE id = $1 AND referred_by = $2', [id, referrerId]);
  return rows.length > 0;
}

export async function findReferralCode(db: Queryable, userId: string): Promise<string> {
  const rows = await db.query<{ referral_code: string }>('SELECT referral_code FROM users WHERE id = $1', [userId]);
  return rows[0]!.referral_code;
}

import type { Queryable } from '../../db/database.js';
import type { UserRow } from '../auth/users.repo.js';

/** One agent of the operators' list: the user row's columns and what the list adds. */
export interface AgentListRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  created_at: Date;
  suspended_at: Date | null;
  balance: bigint;
  last_sale_at: Date | null;
  /** The identity check's state (decision 046); `none` without one. */
  kyc_status: 'none' | 'submitted' | 'pending' | 'verified' | 'failed';
}

/**
 * The text the agents' search runs on: the expression of users_search_idx (migration
 * 024), written the same way so that the planner finds the index.
 */
const SEARCH_TEXT = `lower(u.first_name || ' ' || u.last_name || ' ' || u.username || ' ' || u.email || ' ' || u.phone)`;

/** `q` as a LIKE pattern matching any part of the search text; `+234...` phones as stored (`0...`). */
export function searchPattern(q: string): string {
  const text = q.trim().toLowerCase();
  const phone = /^\+?234([789][01]\d{8})$/.exec(text.replace(/[\s-]/g, ''));
  const term = phone ? `0${phone[1]!}` : text;
  return `%${term.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

export async function agentCursorExists(db: Queryable, cursor: string): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM users WHERE id = $1 AND role = 'agent'`, [cursor])).length > 0;
}

/**
 * The statement of one page of agents, newest first (limit + 1 rows), each filter only when
 * given so that each plan is the one its index serves: users_agents_idx (or
 * users_agents_suspended_idx) in page order without a sort; a search finds its matches on the
 * trigram index first (a materialised step, so that a rare name is never looked for by walking
 * every agent in page order; the step names no role, so only users_search_idx serves it) and
 * sorts only those. Exported for the plan test.
 */
export function agentsPageStatement(page: {
  q?: string | undefined;
  status?: 'active' | 'suspended' | undefined;
  cursor?: string | undefined;
  limit: number;
}): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  let matched = '';
  const where = [`u.role = 'agent'`];
  if (page.q !== undefined) {
    params.push(searchPattern(page.q));
    matched = `WITH matched AS MATERIALIZED (
                 SELECT u.id FROM users u WHERE ${SEARCH_TEXT} LIKE $${params.length}
               )`;
    where.push('u.id IN (SELECT id FROM matched)');
  }
  if (page.status === 'suspended') where.push('u.suspended_at IS NOT NULL');
  if (page.status === 'active') where.push('u.suspended_at IS NULL');
  if (page.cursor !== undefined) {
    params.push(page.cursor);
    where.push(`(u.created_at, u.id) < (SELECT c.created_at, c.id FROM users c WHERE c.id = $${params.length})`);
  }
  params.push(page.limit + 1);
  return {
    text: `${matched}
           SELECT u.id, u.username, u.first_name, u.last_name, u.email, u.phone, u.created_at, u.suspended_at,
              coalesce(w.balance, 0)::bigint AS balance,
              (SELECT o.created_at FROM orders o WHERE o.user_id = u.id AND o.status = 'delivered'
               ORDER BY o.created_at DESC LIMIT 1) AS last_sale_at,
              coalesce((SELECT k.status FROM agent_kyc k WHERE k.user_id = u.id), 'none') AS kyc_status
           FROM users u LEFT JOIN ledger_accounts w ON w.user_id = u.id
           WHERE ${where.join(' AND ')}
           ORDER BY u.created_at DESC, u.id DESC
           LIMIT $${params.length}`,
    params,
  };
}

export async function listAgentRows(
  db: Queryable,
  page: Parameters<typeof agentsPageStatement>[0],
): Promise<AgentListRow[]> {
  const { text, params } = agentsPageStatement(page);
  return db.query<AgentListRow>(text, params);
}

/** An agent and what their page shows beside the profile. */
export interface AgentDetailRow extends AgentListRow {
  referral_code: string;
  suspension_reason: string | null;
  orders: number;
  fundings: number;
  referrer_id: string | null;
  referrer_username: string | null;
  referral_count: number;
  webhook_url: string | null;
  webhook_enabled: boolean | null;
  webhook_pending: number;
  webhook_failed: number;
  price_level_id: string;
  price_level_name: string;
}

export async function findAgentDetail(db: Queryable, id: string): Promise<AgentDetailRow | undefined> {
  const rows = await db.query<AgentDetailRow>(
    `SELECT u.id, u.username, u.first_name, u.last_name, u.email, u.phone, u.created_at, u.suspended_at,
            u.suspension_reason, u.referral_code,
            coalesce(w.balance, 0)::bigint AS balance,
            (SELECT o.created_at FROM orders o WHERE o.user_id = u.id AND o.status = 'delivered'
             ORDER BY o.created_at DESC LIMIT 1) AS last_sale_at,
            coalesce((SELECT k.status FROM agent_kyc k WHERE k.user_id = u.id), 'none') AS kyc_status,
            (SELECT count(*)::int FROM orders o WHERE o.user_id = u.id) AS orders,
            (SELECT count(*)::int FROM wallet_transactions t WHERE t.user_id = u.id AND t.type = 'funding') AS fundings,
            r.id AS referrer_id, r.username AS referrer_username,
            (SELECT count(*)::int FROM users f WHERE f.referred_by = u.id) AS referral_count,
            e.url AS webhook_url, e.enabled AS webhook_enabled,
            (SELECT count(*)::int FROM webhook_deliveries d WHERE d.user_id = u.id AND d.status = 'pending') AS webhook_pending,
            (SELECT count(*)::int FROM webhook_deliveries d WHERE d.user_id = u.id AND d.status = 'failed') AS webhook_failed,
            l.id AS price_level_id, l.name AS price_level_name
     FROM users u
     JOIN price_levels l ON l.id = u.price_level_id
     LEFT JOIN ledger_accounts w ON w.user_id = u.id
     LEFT JOIN users r ON r.id = u.referred_by
     LEFT JOIN webhook_endpoints e ON e.user_id = u.id
     WHERE u.id = $1 AND u.role = 'agent'`,
    [id],
  );
  return rows[0];
}

export interface AgentApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** An agent's API keys, newest first: names and uses, never a hash. */
export async function listAgentApiKeys(db: Queryable, userId: string): Promise<AgentApiKeyRow[]> {
  return db.query<AgentApiKeyRow>(
    `SELECT id, name, prefix, created_at, last_used_at, revoked_at FROM api_keys
     WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 100`,
    [userId],
  );
}

/** The agent's row, locked until commit (a suspension, a reactivation). */
export async function lockAgent(db: Queryable, id: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`SELECT * FROM users WHERE id = $1 AND role = 'agent' FOR NO KEY UPDATE`, [id]);
  return rows[0];
}

export async function findAgent(db: Queryable, id: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`SELECT * FROM users WHERE id = $1 AND role = 'agent'`, [id]);
  return rows[0];
}

export async function setSuspension(
  db: Queryable,
  id: string,
  suspension: { at: Date; reason: string } | null,
  now: Date,
): Promise<void> {
  await db.query(`UPDATE users SET suspended_at = $2, suspension_reason = $3, updated_at = $4 WHERE id = $1`, [
    id,
    suspension?.at ?? null,
    suspension?.reason ?? null,
    now,
  ]);
}

export type AdjustmentStatus = 'pending' | 'posted' | 'rejected';

export interface AdjustmentRow {
  id: string;
  agent_id: string;
  direction: 'credit' | 'debit';
  amount: bigint;
  reason: string;
  idempotency_key: string;
  status: AdjustmentStatus;
  requested_by: string;
  requested_by_username: string;
  decided_by: string | null;
  decided_by_username: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
  transaction_id: string | null;
  balance_before: bigint | null;
  balance_after: bigint | null;
  created_at: Date;
}

const ADJUSTMENT_COLUMNS = `a.*, rq.username AS requested_by_username, dc.username AS decided_by_username`;
const ADJUSTMENT_FROM = `wallet_adjustments a JOIN users rq ON rq.id = a.requested_by LEFT JOIN users dc ON dc.id = a.decided_by`;

export async function insertAdjustment(
  db: Queryable,
  row: {
    id: string;
    agentId: string;
    direction: 'credit' | 'debit';
    amount: bigint;
    reason: string;
    idempotencyKey: string;
    status: 'pending' | 'posted';
    requestedBy: string;
    transactionId: string | null;
    balanceBefore: bigint | null;
    balanceAfter: bigint | null;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO wallet_adjustments (id, agent_id, direction, amount, reason, idempotency_key, status, requested_by,
       decided_at, transaction_id, balance_before, balance_after, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $7 = 'posted' THEN $12::timestamptz END, $9, $10, $11, $12, $12)`,
    [
      row.id,
      row.agentId,
      row.direction,
      row.amount,
      row.reason,
      row.idempotencyKey,
      row.status,
      row.requestedBy,
      row.transactionId,
      row.balanceBefore,
      row.balanceAfter,
      row.now,
    ],
  );
}

export async function findAdjustment(db: Queryable, id: string): Promise<AdjustmentRow | undefined> {
  const rows = await db.query<AdjustmentRow>(`SELECT ${ADJUSTMENT_COLUMNS} FROM ${ADJUSTMENT_FROM} WHERE a.id = $1`, [
    id,
  ]);
  return rows[0];
}

export async function findAdjustmentByKey(
  db: Queryable,
  agentId: string,
  idempotencyKey: string,
): Promise<AdjustmentRow | undefined> {
  const rows = await db.query<AdjustmentRow>(
    `SELECT ${ADJUSTMENT_COLUMNS} FROM ${ADJUSTMENT_FROM} WHERE a.agent_id = $1 AND a.idempotency_key = $2`,
    [agentId, idempotencyKey],
  );
  return rows[0];
}

/** A pending adjustment's row locked until commit: two approvals take turns, the second finds it decided. */
export async function lockAdjustment(
  db: Queryable,
  agentId: string,
  id: string,
): Promise<Omit<AdjustmentRow, 'requested_by_username' | 'decided_by_username'> | undefined> {
  const rows = await db.query<AdjustmentRow>(
    `SELECT * FROM wallet_adjustments WHERE id = $1 AND agent_id = $2 FOR UPDATE`,
    [id, agentId],
  );
  return rows[0];
}

export async function markAdjustmentDecided(
  db: Queryable,
  id: string,
  decision: {
    status: 'posted' | 'rejected';
    decidedBy: string;
    reason: string | null;
    transactionId: string | null;
    balanceBefore: bigint | null;
    balanceAfter: bigint | null;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `UPDATE wallet_adjustments SET status = $2, decided_by = $3, decided_at = $8, decision_reason = $4,
       transaction_id = $5, balance_before = $6, balance_after = $7, updated_at = $8
     WHERE id = $1 AND status = 'pending'`,
    [
      id,
      decision.status,
      decision.decidedBy,
      decision.reason,
      decision.transactionId,
      decision.balanceBefore,
      decision.balanceAfter,
      decision.now,
    ],
  );
}

export async function adjustmentCursorExists(db: Queryable, agentId: string, cursor: string): Promise<boolean> {
  return (
    (await db.query(`SELECT 1 FROM wallet_adjustments WHERE id = $1 AND agent_id = $2`, [cursor, agentId])).length > 0
  );
}

/** An agent's adjustments newest first (limit + 1 rows), on wallet_adjustments_agent_idx. */
export async function listAdjustmentRows(
  db: Queryable,
  agentId: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<AdjustmentRow[]> {
  return db.query<AdjustmentRow>(
    `SELECT ${ADJUSTMENT_COLUMNS} FROM ${ADJUSTMENT_FROM}
     WHERE a.agent_id = $1
       AND ($2::uuid IS NULL OR (a.created_at, a.id) < (SELECT c.created_at, c.id FROM wallet_adjustments c WHERE c.id = $2))
     ORDER BY a.created_at DESC, a.id DESC
     LIMIT $3`,
    [agentId, page.cursor ?? null, page.limit + 1],
  );
}

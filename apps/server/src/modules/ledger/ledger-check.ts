import type { Queryable } from '../../db/database.js';

export interface LedgerViolation {
  rule: string;
  detail: string;
}

/**
 * Verifies every ledger invariant; answers the violations (none when healthy):
 * entries balance, every account's balance equals the sum of its postings and the last
 * posting's balance_after, no wallet is negative, and every wallet transaction tied to an
 * entry moves its wallet by exactly what that entry posted.
 */
export async function checkLedger(db: Queryable): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = [];
  const unbalanced = await db.query<{ entry_id: string; total: string; n: number }>(
    `SELECT e.id AS entry_id, coalesce(sum(p.amount), 0)::text AS total, count(p.id)::int AS n
     FROM journal_entries e LEFT JOIN postings p ON p.entry_id = e.id
     GROUP BY e.id HAVING coalesce(sum(p.amount), 0) <> 0 OR count(p.id) < 2`,
  );
  for (const row of unbalanced)
    violations.push({
      rule: 'entry-balances',
      detail: `entry ${row.entry_id}: ${row.n} postings summing to ${row.total}`,
    });

  const drift = await db.query<{ code: string; balance: string; summed: string; last_after: string | null }>(
    `SELECT a.code, a.balance::text, coalesce(s.summed, 0)::text AS summed, l.balance_after::text AS last_after
     FROM ledger_accounts a
     LEFT JOIN (SELECT account_id, sum(amount) AS summed FROM postings GROUP BY account_id) s ON s.account_id = a.id
     LEFT JOIN LATERAL (SELECT balance_after FROM postings p WHERE p.account_id = a.id ORDER BY p.id DESC LIMIT 1) l ON true
     WHERE a.balance <> coalesce(s.summed, 0) OR (l.balance_after IS NOT NULL AND l.balance_after <> a.balance)`,
  );
  for (const row of drift) {
    violations.push({
      rule: 'balance-equals-postings',
      detail: `${row.code}: balance ${row.balance}, postings sum ${row.summed}, last ${row.last_after}`,
    });
  }

  const negative = await db.query<{ code: string; balance: string }>(
    `SELECT code, balance::text FROM ledger_accounts WHERE kind = 'wallet' AND balance < 0`,
  );
  for (const row of negative) violations.push({ rule: 'wallet-not-negative', detail: `${row.code}: ${row.balance}` });

  const mismatched = await db.query<{ ref: string }>(
    `SELECT t.ref FROM wallet_transactions t
     JOIN ledger_accounts a ON a.code = 'wallet:' || t.user_id
     LEFT JOIN postings p ON p.entry_id = t.entry_id AND p.account_id = a.id
     WHERE t.entry_id IS NOT NULL
       AND coalesce(p.amount, 0) <> CASE WHEN t.direction = 'credit' THEN t.amount ELSE -t.amount END`,
  );
  for (const row of mismatched)
    violations.push({ rule: 'transaction-matches-posting', detail: `transaction ${row.ref}` });
  return violations;
}

import type { AuditAction } from '@agentdesk/contract/admin/audit';
import type { Database } from '../db/database.js';

/** An audit row as the tests read it back. */
export interface StoredAuditRow {
  id: string;
  operator_id: string | null;
  operator_role: string | null;
  action: string;
  target_type: string;
  target_id: string;
  agent_id: string | null;
  ip: string | null;
  user_agent: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
}

/** The audit rows of an action on a target, oldest first. */
export async function auditRowsOf(db: Database, action: AuditAction, targetId: string): Promise<StoredAuditRow[]> {
  return db.query<StoredAuditRow>(
    `SELECT id, operator_id, operator_role, action, target_type, target_id, agent_id, ip, user_agent, before, after, reason
     FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY seq`,
    [action, targetId],
  );
}

/**
 * Makes every transaction that writes an audit row of `action` fail when it commits, after
 * the row and everything else the action wrote (a deferred constraint trigger): what the
 * action changed and its row must both be gone. Answers the function that stops it.
 */
export async function failCommitsWithAudit(db: Database, action: AuditAction): Promise<() => Promise<void>> {
  const name = `test_fail_${action.replace(/[^a-z]/g, '_')}`;
  await db.exec(`
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'a failure forced after the audit row of ${action}';
    END $$;
    CREATE CONSTRAINT TRIGGER ${name} AFTER INSERT ON audit_log DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (NEW.action = '${action}') EXECUTE FUNCTION ${name}();
  `);
  return () => db.exec(`DROP TRIGGER ${name} ON audit_log; DROP FUNCTION ${name}();`);
}

import type { AuditAction, AuditTargetType } from '@agentdesk/contract/admin/audit';
import type { OperatorRole } from '@agentdesk/contract/endpoint';
import type { Queryable } from '../../db/database.js';

export interface AuditRow {
  id: string;
  at: Date;
  operator_id: string | null;
  operator_username: string | null;
  operator_role: OperatorRole | null;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: string;
  agent_id: string | null;
  ip: string | null;
  user_agent: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
}

export interface NewAuditRow {
  at: Date;
  operatorId: string | null;
  operatorRole: OperatorRole | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  agentId: string | null;
  ip: string | null;
  userAgent: string | null;
  /** JSON text, already stripped of secrets. */
  before: string | null;
  after: string | null;
  reason: string | null;
}

export async function insertAuditRow(db: Queryable, row: NewAuditRow): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (at, operator_id, operator_role, action, target_type, target_id, agent_id, ip, user_agent, before, after, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12)`,
    [
      row.at,
      row.operatorId,
      row.operatorRole,
      row.action,
      row.targetType,
      row.targetId,
      row.agentId,
      row.ip,
      row.userAgent,
      row.before,
      row.after,
      row.reason,
    ],
  );
}

export interface AuditFilter {
  operatorId?: string | undefined;
  action?: AuditAction | undefined;
  targetType?: AuditTargetType | undefined;
  targetId?: string | undefined;
  agentId?: string | undefined;
  /** Inclusive start and exclusive end. */
  from?: Date | undefined;
  to?: Date | undefined;
  cursor?: string | undefined;
  limit: number;
}

export async function auditCursorExists(db: Queryable, cursor: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM audit_log WHERE id = $1', [cursor])).length > 0;
}

/**
 * One page of the log, newest first (limit + 1 rows, to tell whether there is more). Each
 * filter has an index that leads with it and ends with (at, seq), so a page is an index range
 * scan whichever filter is set; the cursor is a row id, read as its (at, seq).
 */
export const LIST_AUDIT_SQL = `SELECT a.id, a.at, a.operator_id, o.username AS operator_username, a.operator_role, a.action,
    a.target_type, a.target_id, a.agent_id, a.ip, a.user_agent, a.before, a.after, a.reason
  FROM audit_log a LEFT JOIN users o ON o.id = a.operator_id
  WHERE ($1::uuid IS NULL OR a.operator_id = $1)
    AND ($2::text IS NULL OR a.action = $2)
    AND ($3::text IS NULL OR a.target_type = $3)
    AND ($4::text IS NULL OR a.target_id = $4)
    AND ($5::uuid IS NULL OR a.agent_id = $5)
    AND ($6::timestamptz IS NULL OR a.at >= $6)
    AND ($7::timestamptz IS NULL OR a.at < $7)
    AND ($8::uuid IS NULL OR (a.at, a.seq) < (SELECT c.at, c.seq FROM audit_log c WHERE c.id = $8))
  ORDER BY a.at DESC, a.seq DESC
  LIMIT $9`;

/** LIST_AUDIT_SQL's parameters, in order. */
export function listAuditParams(filter: AuditFilter): unknown[] {
  return [
    filter.operatorId ?? null,
    filter.action ?? null,
    filter.targetType ?? null,
    filter.targetId ?? null,
    filter.agentId ?? null,
    filter.from ?? null,
    filter.to ?? null,
    filter.cursor ?? null,
    filter.limit + 1,
  ];
}

export async function listAuditRows(db: Queryable, filter: AuditFilter): Promise<AuditRow[]> {
  return db.query<AuditRow>(LIST_AUDIT_SQL, listAuditParams(filter));
}

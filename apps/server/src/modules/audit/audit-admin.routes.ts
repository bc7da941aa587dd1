import type { FastifyInstance } from 'fastify';
import { listAudit, type TAuditEntry } from '@agentdesk/contract/admin/audit';
import { lagosDayStart } from '@agentdesk/contract/time/lagos';
import type { Database } from '../../db/database.js';
import { mountEndpoint } from '../../http/route.js';
import { AppError } from '../../lib/app-error.js';
import { auditCursorExists, listAuditRows, type AuditRow } from './audit.repo.js';

function toAuditView(row: AuditRow): TAuditEntry {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    operator: row.operator_id ? { id: row.operator_id, username: row.operator_username ?? '' } : null,
    operatorRole: row.operator_role,
    action: row.action,
    target: { type: row.target_type, id: row.target_id },
    agentId: row.agent_id,
    ip: row.ip,
    userAgent: row.user_agent,
    before: row.before,
    after: row.after,
    reason: row.reason,
  };
}

/** The audit log, searchable: every operator may read it. */
export function registerAuditAdminRoutes(app: FastifyInstance, deps: { db: Database }): void {
  mountEndpoint(app, listAudit, {}, async ({ query }) => {
    if (query.cursor && !(await auditCursorExists(deps.db, query.cursor))) throw AppError.unknownCursor();
    const rows = await listAuditRows(deps.db, {
      ...query,
      from: query.from ? lagosDayStart(query.from) : undefined,
      to: query.to ? lagosDayStart(query.to, 1) : undefined,
    });
    const page = rows.slice(0, query.limit);
    return {
      message: 'OK',
      data: page.map(toAuditView),
      meta: { nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null },
    };
  });
}

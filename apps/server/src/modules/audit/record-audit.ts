import type { AuditAction, AuditTargetType } from '@agentdesk/contract/admin/audit';
import type { Queryable } from '../../db/database.js';
import type { AuditActor } from './audit-actor.js';
import { insertAuditRow } from './audit.repo.js';

/** What an operator did to what: one row of the audit log. */
export interface AuditEvent {
  action: AuditAction;
  target: { type: AuditTargetType; id: string };
  /** The agent the action concerns, when it concerns one. */
  agentId?: string | null | undefined;
  before?: object | null | undefined;
  after?: object | null | undefined;
  reason?: string | null | undefined;
}

/**
 * Names that never reach the log, at any depth, whatever a caller puts in before and after:
 * passwords and their hashes, tokens (sessions, resets, invitations, and an order's electricity
 * token, which is the customer's), secrets and keys.
 */
const SECRET_KEY = /password|passwd|secret|token|hash|api.?key|private.?key|^key$|pin$|^pins?$|^cards$/i;

/** JSON of `value` without secrets; bigints (kobo) as strings, dates as ISO text. */
export function auditJson(value: object | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return JSON.stringify(value, (key, item: unknown) => {
    if (key !== '' && SECRET_KEY.test(key)) return undefined;
    if (typeof item === 'bigint') return item.toString();
    return item;
  });
}

/**
 * Writes an audit row in the caller's transaction: the action and its record commit together
 * or not at all (docs/decisions/033). Call it inside the transaction that makes the change.
 */
export async function recordAudit(tx: Queryable, actor: AuditActor, event: AuditEvent, now: Date): Promise<void> {
  await insertAuditRow(tx, {
    at: now,
    operatorId: actor.operatorId,
    operatorRole: actor.role,
    action: event.action,
    targetType: event.target.type,
    targetId: event.target.id,
    agentId: event.agentId ?? null,
    ip: actor.ip,
    userAgent: actor.userAgent,
    before: auditJson(event.before),
    after: auditJson(event.after),
    reason: event.reason ?? null,
  });
}

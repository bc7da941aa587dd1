import type { TOperator } from '@agentdesk/contract/admin/operators';
import type { OperatorRow } from './operators.repo.js';

export function operatorStatus(row: OperatorRow): TOperator['status'] {
  if (row.deactivated_at) return 'deactivated';
  return row.password_hash === null ? 'invited' : 'active';
}

export function toOperatorView(row: OperatorRow): TOperator {
  return {
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    role: row.operator_role,
    status: operatorStatus(row),
    createdAt: row.created_at.toISOString(),
    deactivatedAt: row.deactivated_at ? new Date(row.deactivated_at).toISOString() : null,
  };
}

/** An operator as their audit rows show them (no password, no hash: never). */
export function operatorAuditView(row: OperatorRow) {
  return { username: row.username, email: row.email, role: row.operator_role, status: operatorStatus(row) };
}

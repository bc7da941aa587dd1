import { useSelector } from 'react-redux';
import { allowedRoles, type OperatorAccess } from '@agentdesk/contract/endpoint';
import { selectOperatorSession } from './operator-session-slice';

/**
 * Whether the signed-in operator's role may call `endpoint` (its contract's `roles`): the
 * console offers an action only to those who may take it. The server still decides on every
 * call (a role changed meanwhile answers 403, shown as any refusal).
 */
export function useOperatorMay(endpoint: { roles?: OperatorAccess }): boolean {
  const { operator } = useSelector(selectOperatorSession);
  return operatorMay(operator?.role, endpoint);
}

export function operatorMay(role: string | undefined, endpoint: { roles?: OperatorAccess }): boolean {
  return role !== undefined && endpoint.roles !== undefined && allowedRoles(endpoint.roles).includes(role as never);
}

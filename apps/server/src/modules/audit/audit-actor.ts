import type { OperatorRole } from '@agentdesk/contract/endpoint';
import type { FastifyRequest } from 'fastify';
import type { Authenticated } from '../auth/sessions.service.js';

/** Who acted, with what role, from where: the first columns of an audit row. */
export interface AuditActor {
  /** Null only for the server's own command line (the first owner, created with no server up). */
  operatorId: string | null;
  /** The role the operator acts with now (it may change later; the row keeps this one). */
  role: OperatorRole | null;
  ip: string | null;
  userAgent: string | null;
}

/** The signed-in operator behind a request, as the audit log records them. */
export function operatorActor(auth: Authenticated, request: FastifyRequest): AuditActor {
  if (auth.user.role !== 'operator' || !auth.user.operator_role) {
    throw new Error(`user ${auth.user.id} is not an operator`);
  }
  return {
    operatorId: auth.user.id,
    role: auth.user.operator_role,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  };
}

/** The command line on the server's machine (`npm run admin -- create-operator`). */
export const COMMAND_LINE_ACTOR: AuditActor = {
  operatorId: null,
  role: null,
  ip: null,
  userAgent: 'npm run admin -- create-operator',
};

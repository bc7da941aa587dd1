import type { FastifyInstance } from 'fastify';
import { acceptOperatorInvite, operatorLogin, operatorLogout, operatorMe } from '@agentdesk/contract/admin/auth';
import {
  changeOperatorRole,
  deactivateOperator,
  inviteOperator,
  listOperators,
} from '@agentdesk/contract/admin/operators';
import { byIp, limit } from '../../http/rate-limits.js';
import { mountEndpoint } from '../../http/route.js';
import type { AccountsService } from '../auth/accounts.service.js';
import { failureGuard, SIGN_IN_RULE } from '../auth/failure-guard.js';
import type { SessionsService } from '../auth/sessions.service.js';
import { toUserView } from '../auth/user-view.js';
import { toOperatorView } from './operator-view.js';
import type { OperatorRow } from './operators.repo.js';
import type { OperatorsService } from './operators.service.js';

/** Operators: signing in and out, invitations, and the staff an owner manages. */
export function registerOperatorsAdminRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountsService; sessions: SessionsService; operators: OperatorsService; authIpPerMinute: number },
): void {
  const { accounts, sessions, operators } = deps;
  // The agents' sign-in rules (failures only, per account and address; slowed, never locked).
  const signInGuard = failureGuard(app, { name: 'operator-login', ...SIGN_IN_RULE });
  const perIp = limit(app, { name: 'operator-login-ip', max: deps.authIpPerMinute, windowMs: 60_000, key: byIp });

  mountEndpoint(app, operatorLogin, { preHandler: [perIp] }, async ({ body, request, reply }) => {
    const user = await signInGuard(request, reply, await accounts.accountKey(body.identifier), () =>
      accounts.verifyCredentials(body.identifier, body.password, 'operator'),
    );
    const issued = await sessions.issue(user.id, { userAgent: request.headers['user-agent'], ip: request.ip });
    return {
      message: 'Login successful',
      data: {
        user: { ...toUserView(user), operatorRole: (user as OperatorRow).operator_role },
        authorization: { token: issued.token, type: 'Bearer' as const, expiresAt: issued.expiresAt.toISOString() },
      },
    };
  });

  mountEndpoint(app, operatorLogout, {}, async ({ auth }) => {
    await sessions.revoke(auth.sessionId);
    return { message: 'Signed out', data: null };
  });

  mountEndpoint(app, operatorMe, {}, async ({ auth }) => ({
    message: 'OK',
    data: toOperatorView(auth.user as OperatorRow),
  }));

  // Public, like a password reset: the token is the credential. Limited per address as sign-in is.
  // The invited operator is signed in at once: they just proved the emailed link is theirs.
  mountEndpoint(app, acceptOperatorInvite, { preHandler: [perIp] }, async ({ body, request }) => {
    const operator = await operators.acceptInvite(body.token, body.newPassword, {
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    });
    const issued = await sessions.issue(operator.id, { userAgent: request.headers['user-agent'], ip: request.ip });
    return {
      message: `Password set: you are signed in as ${operator.username}`,
      data: {
        user: { ...toUserView(operator), operatorRole: operator.operator_role },
        authorization: { token: issued.token, type: 'Bearer' as const, expiresAt: issued.expiresAt.toISOString() },
      },
    };
  });

  mountEndpoint(app, inviteOperator, {}, async ({ actor, body }) => {
    const invited = await operators.invite(actor, body);
    return { message: `Invitation sent to ${invited.email}`, data: toOperatorView(invited) };
  });

  mountEndpoint(app, listOperators, {}, async ({ query }) => {
    const page = await operators.list(query);
    return { message: 'OK', data: page.items.map(toOperatorView), meta: { nextCursor: page.nextCursor } };
  });

  mountEndpoint(app, changeOperatorRole, {}, async ({ actor, params, body }) => {
    const changed = await operators.changeRole(actor, params.id!, body.role);
    return { message: `${changed.username} is now ${changed.operator_role}`, data: toOperatorView(changed) };
  });

  mountEndpoint(app, deactivateOperator, {}, async ({ actor, params }) => {
    const deactivated = await operators.deactivate(actor, params.id!);
    return { message: `${deactivated.username} is deactivated and signed out`, data: toOperatorView(deactivated) };
  });
}

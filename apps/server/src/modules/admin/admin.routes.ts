import type { FastifyInstance } from 'fastify';
import { createAgent } from '@agentdesk/contract/admin/create-agent';
import { operatorLogin, operatorLogout } from '@agentdesk/contract/admin/operator-login';
import { listOutbox } from '@agentdesk/contract/admin/outbox';
import { byIp, limit } from '../../http/rate-limits.js';
import { mountEndpoint } from '../../http/route.js';
import { newReadableCode } from '../../lib/secrets.js';
import type { AccountsService } from '../auth/accounts.service.js';
import { failureGuard, SIGN_IN_RULE } from '../auth/failure-guard.js';
import type { SessionsService } from '../auth/sessions.service.js';
import { toUserView } from '../auth/user-view.js';
import { listEmails } from '../mail/outbox.repo.js';
import type { Database } from '../../db/database.js';

/** The operator API: the CLI (and later the console) are its clients. */
export function registerAdminRoutes(
  app: FastifyInstance,
  deps: { db: Database; accounts: AccountsService; sessions: SessionsService; authIpPerMinute: number },
): void {
  const { accounts, sessions } = deps;
  // The agents' sign-in rules (failures only, per account and address; slowed, never locked).
  const signInGuard = failureGuard(app, { name: 'operator-login', ...SIGN_IN_RULE });

  mountEndpoint(
    app,
    operatorLogin,
    {
      preHandler: [limit(app, { name: 'operator-login-ip', max: deps.authIpPerMinute, windowMs: 60_000, key: byIp })],
    },
    async ({ body, request, reply }) => {
      const user = await signInGuard(request, reply, await accounts.accountKey(body.identifier), () =>
        accounts.verifyCredentials(body.identifier, body.password, 'operator'),
      );
      const issued = await sessions.issue(user.id, { userAgent: request.headers['user-agent'], ip: request.ip });
      return {
        message: 'Login successful',
        data: {
          user: toUserView(user),
          authorization: { token: issued.token, type: 'Bearer' as const, expiresAt: issued.expiresAt.toISOString() },
        },
      };
    },
  );

  mountEndpoint(app, operatorLogout, {}, async ({ auth }) => {
    await sessions.revoke(auth.sessionId);
    return { message: 'Signed out', data: null };
  });

  mountEndpoint(app, createAgent, {}, async ({ body }) => {
    const generatedPassword = body.password
      ? null
      : newReadableCode(14, 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789');
    const user = await accounts.create({ ...body, role: 'agent', password: body.password ?? generatedPassword! });
    return { message: 'Agent created', data: { user: toUserView(user), generatedPassword } };
  });

  mountEndpoint(app, listOutbox, {}, async ({ query }) => {
    const rows = await listEmails(deps.db, query);
    return {
      message: 'OK',
      data: rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        status: row.status,
        createdAt: row.created_at.toISOString(),
      })),
    };
  });
}

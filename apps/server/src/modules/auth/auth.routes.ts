import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changePassword } from '@agentdesk/contract/auth/change-password';
import { confirmResetPassword } from '@agentdesk/contract/auth/confirm-reset-password';
import { login } from '@agentdesk/contract/auth/login';
import { logout } from '@agentdesk/contract/auth/logout';
import { me } from '@agentdesk/contract/auth/me';
import { register } from '@agentdesk/contract/auth/register';
import { otpResetPassword, RESET_REQUESTED_MESSAGE, resetPassword } from '@agentdesk/contract/auth/reset-password';
import { byIp, limit } from '../../http/rate-limits.js';
import { mountEndpoint } from '../../http/route.js';
import type { AccountsService } from './accounts.service.js';
import { failureGuard, SIGN_IN_RULE } from './failure-guard.js';
import { parseIdentifier } from './identifier.js';
import type { PasswordResetService } from './password-reset.service.js';
import type { SessionsService } from './sessions.service.js';
import { toUserView } from './user-view.js';
import type { UserRow } from './users.repo.js';

const MINUTE = 60_000;

export interface AuthRoutesDeps {
  accounts: AccountsService;
  sessions: SessionsService;
  passwordReset: PasswordResetService;
  authIpPerMinute: number;
}

export function registerAuthRoutes(app: FastifyInstance, deps: AuthRoutesDeps): void {
  const { accounts, sessions, passwordReset } = deps;
  const perIp = (name: string, max = deps.authIpPerMinute) => limit(app, { name, max, windowMs: MINUTE, key: byIp });
  const accountOf = (identifier: string) => accounts.accountKey(identifier);
  const typed = (request: FastifyRequest) =>
    Object.values(parseIdentifier((request.body as { identifier: string }).identifier))[0] as string;
  const signInGuard = failureGuard(app, { name: 'login', ...SIGN_IN_RULE });
  // Reset codes: the same rules as a password, under their own counters.
  const codeGuard = failureGuard(app, {
    ...SIGN_IN_RULE,
    name: 'otp',
    failures: ['INVALID_CODE'],
    refusal: 'Too many wrong codes.',
  });

  // Work run once the answer is written (its time must not show in the answer's), finished
  // before the server closes; a failure is logged.
  const afterAnswering = new Set<Promise<void>>();
  app.addHook('onClose', async () => void (await Promise.allSettled(afterAnswering)));
  function afterAnswer(request: FastifyRequest, failure: string, work: () => Promise<void>): void {
    const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => request.log.error({ err: error }, failure))
      .finally(() => afterAnswering.delete(job));
    afterAnswering.add(job);
  }

  async function signIn(user: UserRow, request: FastifyRequest) {
    const issued = await sessions.issue(user.id, { userAgent: request.headers['user-agent'], ip: request.ip });
    return {
      user: toUserView(user),
      authorization: { token: issued.token, type: 'Bearer' as const, expiresAt: issued.expiresAt.toISOString() },
    };
  }

  mountEndpoint(app, register, { preHandler: [perIp('register')] }, async ({ body, request }) => {
    const user = await accounts.create({ ...body, role: 'agent' });
    return { message: 'Welcome! Your account is ready.', data: await signIn(user, request) };
  });

  mountEndpoint(app, login, { preHandler: [perIp('login-ip')] }, async ({ body, request, reply }) => {
    const user = await signInGuard(request, reply, await accountOf(body.identifier), () =>
      accounts.verifyCredentials(body.identifier, body.password, 'agent'),
    );
    return { message: 'Login successful', data: await signIn(user, request) };
  });

  mountEndpoint(app, me, {}, async ({ auth }) => ({ message: 'OK', data: { user: toUserView(auth.user) } }));

  mountEndpoint(app, logout, {}, async ({ auth }) => {
    await sessions.revoke(auth.sessionId);
    return { message: 'You have been signed out', data: null };
  });

  mountEndpoint(
    app,
    changePassword,
    {
      preHandler: [
        limit(app, {
          name: 'change-password',
          max: 5,
          windowMs: 15 * MINUTE,
          key: (request) => request.auth?.user.id ?? '',
        }),
      ],
    },
    async ({ auth, body }) => {
      await accounts.changePassword(auth.user, auth.sessionId, body.oldPassword, body.newPassword);
      return { message: 'Your password has been changed', data: null };
    },
  );

  mountEndpoint(
    app,
    resetPassword,
    {
      preHandler: [
        perIp('reset-ip', Math.max(1, Math.floor(deps.authIpPerMinute / 3))),
        // Keyed by what was typed, never by the account it names: a key that needs the account
        // would read the database before the answer. The account's own limits (3 codes per
        // address, 10 from everywhere) are applied after the answer, by sending no email.
        limit(app, { name: 'reset-identity', max: 3, windowMs: 15 * MINUTE, key: (r) => `${typed(r)}|${r.ip}` }),
        limit(app, { name: 'reset-typed', max: 10, windowMs: 15 * MINUTE, key: typed }),
      ],
    },
    async ({ body, request }) => {
      afterAnswer(request, 'a password reset code was not sent', () =>
        passwordReset.sendCodeAfterAnswer(body.identifier, request.ip),
      );
      return { message: RESET_REQUESTED_MESSAGE, data: null };
    },
  );

  mountEndpoint(app, otpResetPassword, { preHandler: [perIp('otp-ip')] }, async ({ body, request, reply }) => {
    const ticket = await codeGuard(request, reply, await accountOf(body.identifier), () =>
      passwordReset.exchangeCode(body.identifier, body.code),
    );
    return {
      message: 'Code accepted. Choose a new password.',
      data: { resetToken: ticket.resetToken, expiresAt: ticket.expiresAt.toISOString() },
    };
  });

  mountEndpoint(app, confirmResetPassword, { preHandler: [perIp('confirm-reset-ip')] }, async ({ body }) => {
    await passwordReset.confirm(body.resetToken, body.newPassword);
    return { message: 'Your password has been reset. Sign in with the new password.', data: null };
  });
}

import { z } from 'zod';
import { defineEndpoint, EVERY_OPERATOR } from '../endpoint.js';
import { ZLoginRequest } from '../auth/login.js';
import { ZAuthSession, ZUser } from '../auth/user.js';
import { ZEmpty } from '../envelope.js';
import { ZNewPassword } from '../fields.js';
import { zText } from '../text.js';
import { ZOperator, ZOperatorRole } from './operators.js';

/** An operator's sign-in: the session, with the operator's role (what the console may offer them). */
export const ZOperatorSession = ZAuthSession.extend({ user: ZUser.extend({ operatorRole: ZOperatorRole }) });
export type TOperatorSession = z.infer<typeof ZOperatorSession>;

export const operatorLogin = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/auth/login',
  auth: 'public',
  tags: ['Operator'],
  summary: 'Operator sign-in',
  body: ZLoginRequest,
  data: ZOperatorSession,
});

export const operatorLogout = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/auth/logout',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'Operator sign-out',
  data: ZEmpty,
});

export const operatorMe = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/auth/me',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'The signed-in operator, with their role',
  data: ZOperator,
});

export const ZAcceptInviteRequest = z.strictObject({
  token: zText('Token', { error: 'Token is required' }).min(1, 'Token is required').max(200),
  newPassword: ZNewPassword,
});
export type TAcceptInviteRequest = z.input<typeof ZAcceptInviteRequest>;

export const acceptOperatorInvite = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/auth/accept-invite',
  auth: 'public',
  tags: ['Operator'],
  summary:
    'Set an invited operator’s password with the one-time token of their invitation; answers a session, as signing in does',
  body: ZAcceptInviteRequest,
  data: ZOperatorSession,
});

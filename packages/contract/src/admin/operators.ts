import { z } from 'zod';
import { defineEndpoint, EVERY_OPERATOR, OPERATOR_ROLES, OWNER_ONLY } from '../endpoint.js';
import { ZIdParams } from '../envelope.js';
import { ZEmail, ZPersonName, ZPhone, ZUsername } from '../fields.js';
import { ZCursor, ZPageLimit } from '../money.js';

export const ZOperatorRole = z.enum(OPERATOR_ROLES, {
  error: `Role is one of ${OPERATOR_ROLES.join(', ')}`,
});

/** invited: the set-password link is not used yet; deactivated: can no longer sign in. */
export const OPERATOR_STATUSES = ['invited', 'active', 'deactivated'] as const;

/** One of the provider's staff, as the operators list shows them. */
export const ZOperator = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  role: ZOperatorRole,
  status: z.enum(OPERATOR_STATUSES),
  createdAt: z.string(),
  deactivatedAt: z.string().nullable(),
});
export type TOperator = z.infer<typeof ZOperator>;

export const ZInviteOperatorRequest = z.strictObject({
  firstName: ZPersonName('First name'),
  lastName: ZPersonName('Last name'),
  username: ZUsername,
  email: ZEmail,
  phone: ZPhone,
  role: ZOperatorRole,
});
export type TInviteOperatorRequest = z.input<typeof ZInviteOperatorRequest>;

/** How long an invitation's link sets a password. */
export const INVITE_TTL_HOURS = 72;

export const inviteOperator = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/operators',
  auth: 'operator',
  roles: OWNER_ONLY,
  status: 201,
  tags: ['Operator'],
  summary: `Invite an operator with a role: an email with a one-time link (${INVITE_TTL_HOURS} hours) to set their password`,
  body: ZInviteOperatorRequest,
  data: ZOperator,
});

export const listOperators = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/operators',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'The provider’s operators, oldest first, by cursor',
  query: z.strictObject({ cursor: ZCursor, limit: ZPageLimit }),
  data: z.array(ZOperator),
  paginated: true,
});

export const changeOperatorRole = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/admin/operators/:id',
  auth: 'operator',
  roles: OWNER_ONLY,
  tags: ['Operator'],
  summary: 'Change an operator’s role; the last active owner cannot be demoted',
  params: ZIdParams,
  body: z.strictObject({ role: ZOperatorRole }),
  data: ZOperator,
});

export const deactivateOperator = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/operators/:id/deactivate',
  auth: 'operator',
  roles: OWNER_ONLY,
  tags: ['Operator'],
  summary: 'Deactivate an operator: their sessions end at once; the last active owner cannot be deactivated',
  params: ZIdParams,
  data: ZOperator,
});

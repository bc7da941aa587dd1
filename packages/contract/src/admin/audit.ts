import { z } from 'zod';
import { defineEndpoint, EVERY_OPERATOR } from '../endpoint.js';
import { ZCursor, ZPageLimit } from '../money.js';
import { zDate, zText } from '../text.js';
import { ZOperatorRole } from './operators.js';

/**
 * What an operator did, by resource. Every operator action that moves money or changes an
 * agent, an operator or the business's settings writes one row, in the action's own
 * transaction (docs/decisions/033).
 */
export const AUDIT_ACTIONS = [
  'agent.create',
  'agent.suspend',
  'agent.reactivate',
  'agent.password-reset',
  'wallet.adjust',
  'wallet.adjust.request',
  'wallet.adjust.approve',
  'wallet.adjust.reject',
  'agent.virtual-account.assign',
  'funding.approve',
  'funding.reject',
  'funding-account.create',
  'funding-account.disable',
  'gateway-payment.credit',
  'gateway-payment.dismiss',
  'order.requery',
  'order.refund',
  'catalog.sync',
  'catalog.service.update',
  'catalog.plan.update',
  'price-level.create',
  'price-level.rename',
  'price-level.follow-rule',
  'price-level.default',
  'price-level.discount.set',
  'price-level.price.set',
  'agent.price-level.change',
  'settings.update',
  'upstream.create',
  'upstream.update',
  'upstream.plans.sync',
  'upstream.plan.map',
  'route.update',
  'notification.broadcast',
  'operator.create',
  'operator.invite',
  'operator.activate',
  'operator.role.change',
  'operator.deactivate',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What an action was done to; `settings` ids are `contact`, `support` and `referral`, a plan's
 * `<service>/<code>`, an upstream's its id (its plans' too), a route's its service id, a price
 * level's its id (its overrides say which service or plan).
 */
export const AUDIT_TARGET_TYPES = [
  'agent',
  'adjustment',
  'operator',
  'funding-request',
  'funding-account',
  'gateway-payment',
  'order',
  'catalog',
  'service',
  'plan',
  'price-level',
  'settings',
  'upstream',
  'route',
  'notification',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

const ZJsonObject = z.record(z.string(), z.unknown());

export const ZAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  /** Null for the server's own command line (the first owner, created with no server running). */
  operator: z.object({ id: z.string(), username: z.string() }).nullable(),
  /** The operator's role when they acted. */
  operatorRole: ZOperatorRole.nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string() }),
  /** The agent the action concerns, when it concerns one (an agent's page lists these). */
  agentId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** What the action changed, as it was and as it became (no secret is ever written). */
  before: ZJsonObject.nullable(),
  after: ZJsonObject.nullable(),
  reason: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZListAuditQuery = z
  .strictObject({
    cursor: ZCursor,
    limit: ZPageLimit,
    operatorId: z.uuid('operatorId is not valid').optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    targetType: z.enum(AUDIT_TARGET_TYPES).optional(),
    targetId: zText('targetId').trim().min(1).max(200).optional(),
    agentId: z.uuid('agentId is not valid').optional(),
    /** Inclusive calendar dates in Africa/Lagos. */
    from: zDate('from').optional(),
    to: zDate('to').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'to must not be before from',
  })
  .refine((query) => !query.targetId || query.targetType, {
    path: ['targetType'],
    message: 'targetType is required with targetId',
  });
export type TListAuditQuery = z.input<typeof ZListAuditQuery>;

export const listAudit = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/audit',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary:
    'The audit log, newest first, by cursor: who did what to what, when and from where, with before and after; ' +
    'filtered by operator, action, target, agent and Lagos dates',
  query: ZListAuditQuery,
  data: z.array(ZAuditEntry),
  paginated: true,
});

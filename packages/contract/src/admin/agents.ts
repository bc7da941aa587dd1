import { z } from 'zod';
import { defineEndpoint, EVERY_OPERATOR, OWNER_ONLY } from '../endpoint.js';
import { ZIdParams } from '../envelope.js';
import { ZEmail, ZNewPassword, ZPersonName, ZPhone, ZUsername } from '../fields.js';
import { ZCursor, ZNaira, ZNairaAmount, ZPageLimit } from '../money.js';
import { zText } from '../text.js';
import { ZUser } from '../auth/user.js';
import { ZKycState, ZKycStatus } from '../funding/kyc.js';
import { TRANSACTION_TYPES, ZTransaction } from '../transactions/transaction.js';

export const ZCreateAgentRequest = z.strictObject({
  firstName: ZPersonName('First name'),
  lastName: ZPersonName('Last name'),
  username: ZUsername,
  email: ZEmail,
  phone: ZPhone,
  /** When absent the server generates one and answers it once. */
  password: ZNewPassword.optional(),
});
export type TCreateAgentRequest = z.input<typeof ZCreateAgentRequest>;

export const createAgent = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/agents',
  auth: 'operator',
  roles: OWNER_ONLY,
  status: 201,
  tags: ['Operator'],
  summary: 'Create an agent account',
  body: ZCreateAgentRequest,
  data: z.object({ user: ZUser, generatedPassword: z.string().nullable() }),
});

/** active: may sign in, use API keys and buy; suspended: none of these until reactivated. */
export const AGENT_STATUSES = ['active', 'suspended'] as const;
export const ZAgentStatus = z.enum(AGENT_STATUSES, { error: `status is one of ${AGENT_STATUSES.join(', ')}` });

/** One agent as the operators' agents list shows them. */
export const ZAgentSummary = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  status: ZAgentStatus,
  /** The wallet's balance, naira. */
  balance: ZNaira,
  /** When the account was created (joined). */
  createdAt: z.string(),
  /** The agent's last delivered order, null before the first. */
  lastSaleAt: z.string().nullable(),
  /** The identity check that opens the agent's own accounts (decision 046). */
  kycStatus: ZKycStatus,
});
export type TAgentSummary = z.infer<typeof ZAgentSummary>;

export const ZListAgentsQuery = z.strictObject({
  cursor: ZCursor,
  limit: ZPageLimit,
  /** Any part of a name, username, email or phone: at least 3 characters. */
  q: zText('q')
    .trim()
    .min(3, 'q: type at least 3 characters of a name, username, email or phone')
    .max(100, 'q must be at most 100 characters')
    .optional(),
  status: ZAgentStatus.optional(),
});

export const listAgents = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/agents',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'Agents newest first, by cursor: searched by name, username, email or phone, filtered by status',
  query: ZListAgentsQuery,
  data: z.array(ZAgentSummary),
  paginated: true,
});

/** An agent's page: the summary with its suspension, counts, keys, webhook and referrals. */
export const ZAgentDetail = ZAgentSummary.extend({
  referralCode: z.string(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  counts: z.object({ orders: z.number().int(), fundings: z.number().int() }),
  /** Names and uses only: a key's secret is never shown again, here least of all. */
  apiKeys: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      prefix: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable(),
      status: z.enum(['active', 'revoked']),
    }),
  ),
  /** null: the agent never set a webhook up. */
  webhook: z
    .object({
      url: z.string().nullable(),
      enabled: z.boolean(),
      /** Deliveries still being tried, and those given up on. */
      pendingDeliveries: z.number().int(),
      failedDeliveries: z.number().int(),
    })
    .nullable(),
  referrer: z.object({ id: z.string(), username: z.string() }).nullable(),
  referralCount: z.number().int(),
  /** The price level the agent buys at (docs/decisions/038). */
  priceLevel: z.object({ id: z.string(), name: z.string() }),
});
export type TAgentDetail = z.infer<typeof ZAgentDetail>;

export const getAgent = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/agents/:id',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'An agent: profile, status, balance, counts, API keys (never their secrets), webhook and referrals',
  params: ZIdParams,
  data: ZAgentDetail,
});

export const listAgentTransactions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/agents/:id/transactions',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary:
    'An agent’s wallet history, newest first, by cursor: their orders (purchase), fundings, refunds, commissions, bonuses and adjustments, by type',
  params: ZIdParams,
  query: z.strictObject({
    cursor: ZCursor,
    limit: ZPageLimit,
    type: z.enum(TRANSACTION_TYPES, { error: `type is one of ${TRANSACTION_TYPES.join(', ')}` }).optional(),
  }),
  data: z.array(ZTransaction),
  paginated: true,
});

const ZReason = zText('Reason', { error: 'Reason is required' }).trim().min(3, 'Reason is required').max(300);

export const suspendAgent = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/agents/:id/suspend',
  auth: 'operator',
  roles: OWNER_ONLY,
  tags: ['Operator'],
  summary: 'Suspend an agent: no sign-in, no API key, no purchase; their sessions end at once',
  params: ZIdParams,
  body: z.strictObject({ reason: ZReason }),
  data: ZAgentDetail,
});

export const reactivateAgent = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/agents/:id/reactivate',
  auth: 'operator',
  roles: OWNER_ONLY,
  tags: ['Operator'],
  summary: 'Reactivate a suspended agent: they sign in again and their API keys work again',
  params: ZIdParams,
  body: z.strictObject({ reason: ZReason }),
  data: ZAgentDetail,
});

export const sendAgentPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/agents/:id/password-reset',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'Email the agent a password reset code, as their own “forgot password” does',
  params: ZIdParams,
  data: z.object({ email: z.string() }),
});

/** pending: above the approval threshold, waiting for a second operator; posted: in the wallet. */
export const ADJUSTMENT_STATUSES = ['pending', 'posted', 'rejected'] as const;

export const ZWalletAdjustment = z.object({
  id: z.string(),
  agentId: z.string(),
  direction: z.enum(['credit', 'debit']),
  amount: ZNaira,
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requestedBy: z.object({ id: z.string(), username: z.string() }),
  decidedBy: z.object({ id: z.string(), username: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /** The wallet history row it posted, and the balance around it. */
  transactionId: z.string().nullable(),
  balanceBefore: ZNaira.nullable(),
  balanceAfter: ZNaira.nullable(),
  createdAt: z.string(),
});
export type TWalletAdjustment = z.infer<typeof ZWalletAdjustment>;

export const ZAdjustmentRequest = z.strictObject({
  direction: z.enum(['credit', 'debit'], { error: 'direction is credit or debit' }),
  amount: ZNairaAmount,
  reason: ZReason,
  /** The client's key for this adjustment: a retry with it answers the same adjustment, never a second. */
  idempotencyKey: zText('idempotencyKey', { error: 'idempotencyKey is required' })
    .trim()
    .regex(/^[A-Za-z0-9._:-]{8,100}$/, 'idempotencyKey: 8 to 100 letters, digits, ".", "_", ":" or "-"'),
});
export type TAdjustmentRequest = z.input<typeof ZAdjustmentRequest>;

export const adjustAgentWallet = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/agents/:id/adjustments',
  auth: 'operator',
  roles: ['finance'],
  tags: ['Operator'],
  summary:
    'Credit or debit an agent’s wallet with a reason, once per idempotency key; above the approval threshold it waits for a second operator',
  params: ZIdParams,
  body: ZAdjustmentRequest,
  data: ZWalletAdjustment,
});

export const listAgentAdjustments = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/agents/:id/adjustments',
  auth: 'operator',
  roles: ['finance'],
  tags: ['Operator'],
  summary: 'An agent’s wallet adjustments, newest first, by cursor',
  params: ZIdParams,
  query: z.strictObject({ cursor: ZCursor, limit: ZPageLimit }),
  data: z.array(ZWalletAdjustment),
  paginated: true,
});

export const ZAdjustmentParams = z.strictObject({
  id: z.uuid('id is not valid'),
  adjustmentId: z.uuid('adjustmentId is not valid'),
});

export const approveAdjustment = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/agents/:id/adjustments/:adjustmentId/approve',
  auth: 'operator',
  roles: ['finance'],
  tags: ['Operator'],
  summary: 'Approve a pending adjustment (another operator than its requester): it is posted, exactly once',
  params: ZAdjustmentParams,
  data: ZWalletAdjustment,
});

export const rejectAdjustment = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/agents/:id/adjustments/:adjustmentId/reject',
  auth: 'operator',
  roles: ['finance'],
  tags: ['Operator'],
  summary: 'Reject a pending adjustment (another operator than its requester), with a reason',
  params: ZAdjustmentParams,
  body: z.strictObject({ reason: ZReason }),
  data: ZWalletAdjustment,
});

export const getAgentKyc = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/agents/:id/kyc',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'An agent’s identity check (masked) and dedicated accounts',
  params: ZIdParams,
  data: ZKycState,
});

import { z } from 'zod';
import { defineEndpoint, EVERY_OPERATOR, OWNER_ONLY } from '../endpoint.js';
import { ZIdParams } from '../envelope.js';
import { ZFundingAccount } from '../funding/funding-account.js';
import { FUNDING_STATUSES, ZFundingRequest } from '../funding/funding-request.js';
import { ZCursor, ZNaira, ZNairaAmount, ZNairaNonNegative, ZPageLimit } from '../money.js';
import { ZPercent } from '../percent.js';
import { zText } from '../text.js';

const ZOperatorFundingRequest = ZFundingRequest.extend({
  agent: z.object({ id: z.string(), username: z.string(), firstName: z.string(), lastName: z.string() }),
});

export const adminListFundingRequests = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/funding-requests',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'Reported transfers, oldest first (the queue to review)',
  query: z.strictObject({ cursor: ZCursor, limit: ZPageLimit, status: z.enum(FUNDING_STATUSES).default('pending') }),
  data: z.array(ZOperatorFundingRequest),
  paginated: true,
});

/**
 * `GET /api/v1/admin/funding-requests/:id/proof`: the proof of transfer an agent attached, as the
 * file itself (not a JSON envelope): its own type (PNG, JPEG, WebP or PDF, checked by content
 * when uploaded), `Content-Disposition: inline` with its name, never cached, sandboxed by its
 * CSP. Errors (404 when the request has no proof, 403 for an agent) are the usual envelope.
 */
export const adminFundingProof = {
  method: 'GET',
  path: '/api/v1/admin/funding-requests/:id/proof',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'The proof of transfer attached to a reported transfer (the file itself)',
  params: ZIdParams,
  contentType: 'application/octet-stream',
} as const;

export const approveFundingRequest = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/funding-requests/:id/approve',
  auth: 'operator',
  roles: ['finance'],
  tags: ['Operator'],
  summary: 'Credit the wallet (once) with the amount less the charge',
  params: ZIdParams,
  data: ZOperatorFundingRequest,
});

export const rejectFundingRequest = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/funding-requests/:id/reject',
  auth: 'operator',
  roles: ['finance'],
  tags: ['Operator'],
  summary: 'Refuse a reported transfer, with a reason the agent sees',
  params: ZIdParams,
  body: z.strictObject({
    reason: zText('Reason', { error: 'Reason is required' }).trim().min(3, 'Reason is required').max(300),
  }),
  data: ZOperatorFundingRequest,
});

export const ZCreateFundingAccount = z.strictObject({
  bankName: zText('bankName').trim().min(2).max(80),
  bankCode: zText('bankCode')
    .trim()
    .regex(/^\d{3,6}$/, 'Bank code is 3 to 6 digits'),
  accountNumber: zText('accountNumber')
    .trim()
    .regex(/^\d{10}$/, 'Account number is 10 digits'),
  accountName: zText('accountName').trim().min(2).max(100),
  instructions: zText('instructions').trim().max(500).default(''),
  chargeFlat: ZNairaNonNegative.default(0n),
  /** Percent of the amount, up to two decimals: "1.5" is 1.5 %. */
  chargePercent: ZPercent('Charge percent').default('0'),
  minimum: ZNairaAmount.default(100n * 100n),
});

export const createFundingAccount = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/funding-accounts',
  auth: 'operator',
  roles: OWNER_ONLY,
  status: 201,
  tags: ['Operator'],
  summary: 'Add a provider bank account agents transfer to',
  body: ZCreateFundingAccount,
  data: ZFundingAccount,
});

/** A provider bank account as operators see it: also the disabled ones, which agents no longer see. */
export const ZAdminFundingAccount = ZFundingAccount.extend({ active: z.boolean(), createdAt: z.string() });
export type TAdminFundingAccount = z.infer<typeof ZAdminFundingAccount>;

export const adminListFundingAccounts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/funding-accounts',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary:
    'The provider’s bank accounts, those offered to agents first, then the disabled ones (a short list: not paginated)',
  data: z.array(ZAdminFundingAccount),
});

export const disableFundingAccount = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/funding-accounts/:id/disable',
  auth: 'operator',
  roles: OWNER_ONLY,
  tags: ['Operator'],
  summary: 'Stop offering a provider bank account',
  params: ZIdParams,
  data: ZFundingAccount,
});

export const assignVirtualAccount = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/virtual-accounts',
  auth: 'operator',
  roles: ['finance'],
  status: 201,
  tags: ['Operator'],
  summary: 'Record an agent’s gateway virtual account (as created in the gateway’s dashboard or API)',
  body: z.strictObject({
    username: zText('username').trim().toLowerCase().min(3),
    provider: z.enum(['paystack', 'monnify']),
    accountNumber: zText('accountNumber')
      .trim()
      .regex(/^\d{10}$/, 'Account number is 10 digits'),
    bankName: zText('bankName').trim().min(2).max(80),
    accountName: zText('accountName').trim().min(2).max(100),
    providerReference: zText('providerReference').trim().min(3).max(100),
  }),
  data: z.object({ username: z.string(), provider: z.string(), accountNumber: z.string() }),
});

/**
 * What became of a gateway payment: `unmatched` reached no agent (no virtual account recorded
 * for it when it arrived), `credited` is in an agent's wallet, `dismissed` was not an agent's
 * money (refunded outside AgentDesk).
 */
export const GATEWAY_PAYMENT_STATUSES = ['unmatched', 'credited', 'dismissed'] as const;

const ZOperatorRef = z.object({ id: z.string(), username: z.string() });

export const ZGatewayPayment = z.object({
  id: z.string(),
  gateway: z.enum(['paystack', 'monnify']),
  /** The gateway's transaction reference (unique per gateway). */
  reference: z.string(),
  amount: ZNaira,
  /** The virtual account paid into, and how the gateway named its customer, as the event said. */
  accountNumber: z.string().nullable(),
  customerReference: z.string().nullable(),
  payerName: z.string().nullable(),
  receivedAt: z.string(),
  status: z.enum(GATEWAY_PAYMENT_STATUSES),
  /** The agent credited (by the gateway's delivery or an operator). */
  agent: ZOperatorRef.nullable(),
  transactionId: z.string().nullable(),
  /** The operator who credited or dismissed it; null when the gateway's own delivery credited it. */
  resolvedBy: ZOperatorRef.nullable(),
  resolvedAt: z.string().nullable(),
  reason: z.string().nullable(),
  /** Why the gateway's API did not confirm it, when it did not (decision 046). */
  verifyNote: z.string().nullable(),
  /** The fee kept when it was credited. */
  fee: ZNaira.nullable(),
});
export type TGatewayPayment = z.infer<typeof ZGatewayPayment>;

export const adminListGatewayPayments = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/gateway-payments',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'Gateway payments by status, oldest first (unmatched: the ones that reached no agent)',
  query: z.strictObject({
    cursor: ZCursor,
    limit: ZPageLimit,
    status: z.enum(GATEWAY_PAYMENT_STATUSES).default('unmatched'),
  }),
  data: z.array(ZGatewayPayment),
  paginated: true,
});

const ZResolveReason = zText('Reason', { error: 'Reason is required' }).trim().min(3, 'Reason is required').max(300);

export const creditGatewayPayment = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/gateway-payments/:id/credit',
  auth: 'operator',
  roles: ['finance'],
  tags: ['Operator'],
  summary: 'Credit an unmatched gateway payment to an agent’s wallet (once)',
  params: ZIdParams,
  body: z.strictObject({ agentId: z.uuid('agentId is not valid'), reason: ZResolveReason }),
  data: ZGatewayPayment,
});

export const dismissGatewayPayment = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/gateway-payments/:id/dismiss',
  auth: 'operator',
  roles: ['finance'],
  tags: ['Operator'],
  summary: 'Set aside an unmatched gateway payment that is no agent’s (refunded outside AgentDesk)',
  params: ZIdParams,
  body: z.strictObject({ reason: ZResolveReason }),
  data: ZGatewayPayment,
});

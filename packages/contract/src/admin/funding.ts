import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZIdParams } from '../envelope.js';
import { ZFundingAccount } from '../funding/funding-account.js';
import { FUNDING_STATUSES, ZFundingRequest } from '../funding/funding-request.js';
import { ZCursor, ZNairaAmount, ZNairaNonNegative, ZPageLimit } from '../money.js';
import { ZPercent } from '../percent.js';
import { zText } from '../text.js';

const ZOperatorFundingRequest = ZFundingRequest.extend({
  agent: z.object({ id: z.string(), username: z.string(), firstName: z.string(), lastName: z.string() }),
});

export const adminListFundingRequests = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/funding-requests',
  auth: 'operator',
  tags: ['Operator'],
  summary: 'Reported transfers, oldest first (the queue to review)',
  query: z.strictObject({ cursor: ZCursor, limit: ZPageLimit, status: z.enum(FUNDING_STATUSES).default('pending') }),
  data: z.array(ZOperatorFundingRequest),
  paginated: true,
});

export const approveFundingRequest = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/funding-requests/:id/approve',
  auth: 'operator',
  tags: ['Operator'],
  summary: 'Credit the wallet (once) with the amount less the charge',
  params: ZIdParams,
  data: ZOperatorFundingRequest,
});

export const rejectFundingRequest = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/funding-requests/:id/reject',
  auth: 'operator',
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
  status: 201,
  tags: ['Operator'],
  summary: 'Add a provider bank account agents transfer to',
  body: ZCreateFundingAccount,
  data: ZFundingAccount,
});

export const disableFundingAccount = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/funding-accounts/:id/disable',
  auth: 'operator',
  tags: ['Operator'],
  summary: 'Stop offering a provider bank account',
  params: ZIdParams,
  data: ZFundingAccount,
});

export const assignVirtualAccount = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/virtual-accounts',
  auth: 'operator',
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

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZIdParams } from '../envelope.js';
import { ZCursor, ZNaira, ZNairaAmount, ZPageLimit } from '../money.js';
import { zDate, zText } from '../text.js';

export const FUNDING_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** Proof of transfer: a picture or a PDF, checked by content. */
export const PROOF_MAX_BYTES = 2 * 1024 * 1024;
export const PROOF_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;

export const ZFundingRequest = z.object({
  id: z.string(),
  amount: ZNaira,
  charge: ZNaira,
  /** What the wallet receives: amount less charge. */
  creditAmount: ZNaira,
  account: z.object({ id: z.string(), bankName: z.string(), accountNumber: z.string(), accountName: z.string() }),
  senderName: z.string(),
  reference: z.string(),
  transferDate: z.string(),
  status: z.enum(FUNDING_STATUSES),
  rejectReason: z.string().nullable(),
  proof: z.object({ fileName: z.string(), contentType: z.enum(PROOF_TYPES), size: z.number() }).nullable(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type TFundingRequest = z.infer<typeof ZFundingRequest>;

export const ZCreateFundingRequest = z.strictObject({
  accountId: z.uuid('Choose one of the provider’s accounts'),
  amount: ZNairaAmount,
  senderName: zText('Sender name', { error: 'Sender name is required' })
    .trim()
    .min(2, 'Sender name is required')
    .max(100, 'Sender name must be at most 100 characters'),
  reference: zText('Transfer reference', { error: 'Transfer reference is required' })
    .trim()
    .min(4, 'Transfer reference must be at least 4 characters')
    .max(60, 'Transfer reference must be at most 60 characters')
    .regex(/^[\w\-/. ]+$/, 'Transfer reference may only contain letters, digits, spaces and - / . _'),
  transferDate: zDate('transferDate'),
  /** Optional proof, base64-encoded; at most 2 MB once decoded. */
  proof: z
    .strictObject({
      fileName: zText('fileName').trim().min(1).max(120),
      contentBase64: zText('contentBase64').max(Math.ceil((PROOF_MAX_BYTES * 4) / 3) + 4, 'Proof must be at most 2 MB'),
    })
    .optional(),
});
export type TCreateFundingRequest = z.input<typeof ZCreateFundingRequest>;

export const createFundingRequest = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/funding-requests',
  auth: 'agent',
  status: 201,
  tags: ['Funding'],
  summary: 'Report a bank transfer to the provider for approval',
  body: ZCreateFundingRequest,
  data: ZFundingRequest,
});

export const listFundingRequests = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/funding-requests',
  auth: 'agent',
  tags: ['Funding'],
  summary: 'The agent’s reported transfers, newest first',
  query: z.strictObject({ cursor: ZCursor, limit: ZPageLimit, status: z.enum(FUNDING_STATUSES).optional() }),
  data: z.array(ZFundingRequest),
  paginated: true,
});

export const getFundingRequest = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/funding-requests/:id',
  auth: 'agent',
  tags: ['Funding'],
  summary: 'One reported transfer',
  params: ZIdParams,
  data: ZFundingRequest,
});

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZPersonName } from '../fields.js';
import { ZAccountNumber, ZBankCode } from '../banks/bank-fields.js';
import { ZNaira } from '../money.js';
import { ZVirtualAccount } from './funding-account.js';

/**
 * none: never submitted; submitted: the gateways are being asked; pending: a gateway is checking
 * (Paystack's customer identification, answered by webhook); verified: accounts open; failed: may
 * submit again.
 */
export const KYC_STATUSES = ['none', 'submitted', 'pending', 'verified', 'failed'] as const;
export const ZKycStatus = z.enum(KYC_STATUSES);
export type TKycStatus = z.infer<typeof ZKycStatus>;

export const ZKycRequest = z.strictObject({
  idType: z.enum(['bvn', 'nin'], { error: 'idType is bvn or nin' }),
  idNumber: z
    .string({ error: 'idNumber is required' })
    .trim()
    .regex(/^\d{11}$/, 'idNumber: a BVN or NIN is 11 digits'),
  firstName: ZPersonName('First name'),
  lastName: ZPersonName('Last name'),
  /**
   * Asked only when the server validates Paystack customers (`bankAccountRequired` in the state):
   * a bank account linked to the BVN, which Paystack checks against it. Not kept.
   */
  bankAccountNumber: ZAccountNumber.optional(),
  bankCode: ZBankCode.optional(),
});
export type TKycRequest = z.input<typeof ZKycRequest>;

/** The fee kept from each transfer into a gateway account: flat + percent, at most the cap (null: none). */
export const ZGatewayFee = z.object({
  provider: z.enum(['paystack', 'monnify']),
  flat: ZNaira,
  percent: z.string(),
  cap: ZNaira.nullable(),
});
export type TGatewayFee = z.infer<typeof ZGatewayFee>;

/** An agent's identity check and what it opened; the id is only ever shown masked (`222****1234`). */
export const ZKycState = z.object({
  status: ZKycStatus,
  idType: z.enum(['bvn', 'nin']).nullable(),
  maskedId: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** The gateway's reason when `failed`. */
  failureMessage: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  accounts: z.array(ZVirtualAccount),
  /** The gateways this server opens accounts at, each with its fee. */
  fees: z.array(ZGatewayFee),
  /** Paystack validates customers: a submit needs a BVN with `bankAccountNumber` and `bankCode`. */
  bankAccountRequired: z.boolean(),
});
export type TKycState = z.infer<typeof ZKycState>;

export const getKyc = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/kyc',
  auth: 'agent',
  tags: ['Funding'],
  summary: 'The agent’s identity check, dedicated accounts and the fee on transfers into them',
  data: ZKycState,
});

export const submitKyc = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/kyc',
  auth: 'agent',
  tags: ['Funding'],
  summary:
    'Submit a BVN or NIN with the names on it: the gateways open the agent’s dedicated accounts (a repeat opens none twice)',
  body: ZKycRequest,
  data: ZKycState,
});


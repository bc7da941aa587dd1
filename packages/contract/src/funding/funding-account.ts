import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZNaira } from '../money.js';

/** A provider bank account agents transfer to. */
export const ZFundingAccount = z.object({
  id: z.string(),
  bankName: z.string(),
  bankCode: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  instructions: z.string(),
  charge: z.object({ flat: ZNaira, percent: z.string() }),
  minimum: ZNaira,
});
export type TFundingAccount = z.infer<typeof ZFundingAccount>;

export const ZVirtualAccount = z.object({
  provider: z.enum(['paystack', 'monnify']),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
});
export type TVirtualAccount = z.infer<typeof ZVirtualAccount>;

export const manualFunding = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/manual-funding',
  auth: 'agent',
  tags: ['Funding'],
  summary: 'Where to transfer money to fund the wallet: the provider’s accounts and the agent’s own virtual accounts',
  data: z.object({ accounts: z.array(ZFundingAccount), virtualAccounts: z.array(ZVirtualAccount) }),
});

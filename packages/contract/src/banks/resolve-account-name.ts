import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZAccountNumber, ZBankCode, refineNuban } from './bank-fields.js';

export const ZResolveAccountNameQuery = z
  .strictObject({ bankCode: ZBankCode, accountNumber: ZAccountNumber })
  .superRefine(refineNuban);

export const resolveAccountName = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/banks/resolve',
  auth: 'agent',
  tags: ['Banks'],
  summary: 'The name on a bank account (name enquiry), before adding it',
  query: ZResolveAccountNameQuery,
  data: z.object({ bankCode: z.string(), bankName: z.string(), accountNumber: z.string(), accountName: z.string() }),
});

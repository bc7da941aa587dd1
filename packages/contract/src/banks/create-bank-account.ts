import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZAccountNumber, ZBankAccount, ZBankCode, refineNuban } from './bank-fields.js';
import { zText } from '../text.js';

export const ZCreateBankAccountRequest = z
  .strictObject({
    bankCode: ZBankCode,
    accountNumber: ZAccountNumber,
    /** Optional: when given it must match the name the bank answers for the account. */
    accountName: zText('Account name')
      .trim()
      .max(100, 'Account name must be at most 100 characters')
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .superRefine(refineNuban);
export type TCreateBankAccountRequest = z.input<typeof ZCreateBankAccountRequest>;

export const createBankAccount = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/banks',
  auth: 'agent',
  status: 201,
  tags: ['Banks'],
  summary: 'Add a bank account: the number is checked (NUBAN) and its name looked up at the bank',
  body: ZCreateBankAccountRequest,
  data: ZBankAccount,
});

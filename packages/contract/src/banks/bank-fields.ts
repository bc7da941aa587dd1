import { z } from 'zod';
import { findBank } from './nigerian-banks.js';
import { isValidNuban } from './nuban.js';
import { zText } from '../text.js';

/** A bank of the list, by our code, its CBN code or its NIP code; normalised to our code. */
export const ZBankCode = zText('bankCode', { error: 'Choose a bank' })
  .trim()
  .transform((value, ctx) => {
    const bank = findBank(value);
    if (!bank) {
      ctx.addIssue({ code: 'custom', message: 'Choose a bank from the list (GET /api/v1/agent/banks/list)' });
      return z.NEVER;
    }
    return bank.code;
  });

/** Ten digits; spaces and dashes people type between groups are dropped. */
export const ZAccountNumber = zText('Account number', { error: 'Account number is required' })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{10}$/, 'Account number must be 10 digits'));

/**
 * Adds an `accountNumber` issue when the number fails the NUBAN check digit of its bank.
 * Runs only once both fields are valid on their own.
 */
export function refineNuban(value: { bankCode: string; accountNumber: string }, ctx: z.RefinementCtx): void {
  const bank = findBank(value.bankCode);
  if (!bank?.nubanCode) return;
  if (!isValidNuban(bank.nubanCode, value.accountNumber)) {
    ctx.addIssue({
      code: 'custom',
      path: ['accountNumber'],
      message: `This is not a valid ${bank.name} account number: check the digits and the bank`,
    });
  }
}

/** One of the agent's own bank accounts (payouts and refunds go there). */
export const ZBankAccount = z.object({
  id: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  createdAt: z.string(),
});
export type TBankAccount = z.infer<typeof ZBankAccount>;

/** How many bank accounts an agent may keep. */
export const MAX_BANK_ACCOUNTS = 5;

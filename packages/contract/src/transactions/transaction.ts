import { z } from 'zod';
import { ZNaira } from '../money.js';

export const TRANSACTION_TYPES = [
  'funding',
  'purchase',
  'refund',
  'commission',
  'referral_bonus',
  'adjustment',
] as const;
export const TRANSACTION_STATUSES = ['pending', 'success', 'failed', 'reversed'] as const;

/** One wallet movement, as the spec's Transaction with what the receipt needs. */
export const ZTransaction = z.object({
  id: z.string(),
  ref: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  amount: ZNaira,
  direction: z.enum(['credit', 'debit']),
  transactionType: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  service: z.string().nullable(),
  recipient: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  details: z
    .object({
      balance: z.object({ before: ZNaira, after: ZNaira }),
    })
    .catchall(z.unknown()),
});
export type TTransaction = z.infer<typeof ZTransaction>;

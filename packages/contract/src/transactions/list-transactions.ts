import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZIdParams } from '../envelope.js';
import { ZCursor, ZPageLimit } from '../money.js';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, ZTransaction } from './transaction.js';
import { zDate, zText } from '../text.js';

export const ZListTransactionsQuery = z
  .strictObject({
    cursor: ZCursor,
    limit: ZPageLimit,
    /** Matches name, reference, recipient and description. */
    q: zText('q').trim().max(100, 'q must be at most 100 characters').optional(),
    type: z.enum(TRANSACTION_TYPES).optional(),
    status: z.enum(TRANSACTION_STATUSES).optional(),
    service: zText('service').trim().max(60).optional(),
    /** Inclusive calendar dates in Africa/Lagos. */
    from: zDate('from').optional(),
    to: zDate('to').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'to must not be before from',
  });
export type TListTransactionsQuery = z.input<typeof ZListTransactionsQuery>;

export const listTransactions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/transactions',
  auth: 'agent',
  tags: ['Transactions'],
  summary: 'Wallet movements, newest first, by cursor',
  query: ZListTransactionsQuery,
  data: z.array(ZTransaction),
  paginated: true,
});

export const getTransaction = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/transactions/:id',
  auth: 'agent',
  tags: ['Transactions'],
  summary: 'One wallet movement',
  params: ZIdParams,
  data: ZTransaction,
});

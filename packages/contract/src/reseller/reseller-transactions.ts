import { defineEndpoint } from '../endpoint.js';
import { listTransactions, ZListTransactionsQuery } from '../transactions/list-transactions.js';

export const resellerTransactions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reseller/transactions',
  auth: 'apiKey',
  tags: ['Reseller API'],
  summary: 'Wallet movements, newest first, by cursor (`meta.nextCursor`); the same filters as the dashboard',
  query: ZListTransactionsQuery,
  paginated: true,
  data: listTransactions.data.meta({
    examples: [
      [
        {
          id: '0b6f7c1e-3c0d-4a53-9f5e-6c1d2b7a9e10',
          ref: 'ADK-20261122-7Q2M9X',
          name: 'MTN Airtime VTU',
          description: '₦500.00 airtime to 08031234567',
          imageUrl: null,
          amount: '490.00',
          direction: 'debit',
          transactionType: 'purchase',
          status: 'success',
          service: 'mtn',
          recipient: '08031234567',
          createdAt: '2026-11-22T08:00:00.000Z',
          updatedAt: '2026-11-22T08:00:01.000Z',
          details: { balance: { before: '15000.00', after: '14510.00' } },
        },
      ],
    ],
  }),
});

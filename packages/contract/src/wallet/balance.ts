import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZNaira } from '../money.js';

export const walletBalance = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/wallet/balance',
  auth: 'agent',
  tags: ['Wallet'],
  summary: 'The wallet balance in naira',
  data: z.object({ availableBalance: ZNaira }),
});

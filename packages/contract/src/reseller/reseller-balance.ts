import { defineEndpoint } from '../endpoint.js';
import { walletBalance } from '../wallet/balance.js';

export const resellerBalance = defineEndpoint({
  method: 'GET',
  path: '/api/v1/reseller/balance',
  auth: 'apiKey',
  tags: ['Reseller API'],
  summary: 'The wallet balance in naira (the same wallet as the dashboard’s)',
  data: walletBalance.data.meta({ examples: [{ availableBalance: '15000.00' }] }),
});

import { defineEndpoint } from '../endpoint.js';
import { ZIdParams } from '../envelope.js';
import { ZBankAccount } from './bank-fields.js';

export const getBankAccount = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/banks/:id',
  auth: 'agent',
  tags: ['Banks'],
  summary: 'One of the agent’s bank accounts',
  params: ZIdParams,
  data: ZBankAccount,
});

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZBankAccount } from './bank-fields.js';

export const listBankAccounts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/banks',
  auth: 'agent',
  tags: ['Banks'],
  summary: "The agent's bank accounts, newest first (at most 5)",
  data: z.array(ZBankAccount),
});

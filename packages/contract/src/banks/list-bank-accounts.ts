import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZBankAccount } from './bank-fields.js';

export const listBankAccounts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/banks',
  auth: 'agent',
  tags: ['Banks'],
  summary: "The agent's bank accounts, newest first (at most 5)",
  /** A list like every other: `meta.nextCursor` is always null (it fits one page). */
  paginated: true,
  data: z.array(ZBankAccount),
});

import { defineEndpoint } from '../endpoint.js';
import { ZEmpty, ZIdParams } from '../envelope.js';

export const deleteBankAccount = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/agent/banks/:id',
  auth: 'agent',
  tags: ['Banks'],
  summary: 'Remove one of the agent’s bank accounts',
  params: ZIdParams,
  data: ZEmpty,
});

import { defineEndpoint } from '../endpoint.js';
import { ZEmpty } from '../envelope.js';

export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/auth/logout',
  auth: 'agent',
  tags: ['Auth'],
  summary: 'Sign out: revokes the token that made the call',
  data: ZEmpty,
});

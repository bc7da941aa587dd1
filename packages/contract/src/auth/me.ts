import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZUser } from './user.js';

export const me = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/auth/me',
  auth: 'agent',
  tags: ['Auth'],
  summary: 'The signed-in agent',
  data: z.object({ user: ZUser }),
});

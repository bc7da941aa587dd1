import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZIdentifier, ZPassword } from '../fields.js';
import { ZAuthSession } from './user.js';

export const ZLoginRequest = z.strictObject({
  identifier: ZIdentifier,
  password: ZPassword,
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/auth/login',
  auth: 'public',
  tags: ['Auth'],
  summary: 'Sign in with email, username or phone and password',
  body: ZLoginRequest,
  data: ZAuthSession,
});

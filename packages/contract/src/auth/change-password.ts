import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZEmpty } from '../envelope.js';
import { ZNewPassword, ZPassword } from '../fields.js';

export const ZChangePasswordRequest = z.strictObject({
  oldPassword: ZPassword,
  newPassword: ZNewPassword,
});
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/auth/change-password',
  auth: 'agent',
  tags: ['Auth'],
  summary: 'Change the password; signs out every other session',
  body: ZChangePasswordRequest,
  data: ZEmpty,
});

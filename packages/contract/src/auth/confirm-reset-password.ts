import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZEmpty } from '../envelope.js';
import { ZNewPassword } from '../fields.js';
import { zText } from '../text.js';

export const ZConfirmResetPasswordRequest = z.strictObject({
  resetToken: zText('Reset token', { error: 'Reset token is required' }).min(1, 'Reset token is required').max(200),
  newPassword: ZNewPassword,
});
export type TConfirmResetPasswordRequest = z.input<typeof ZConfirmResetPasswordRequest>;

export const confirmResetPassword = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/auth/confirm-reset-password',
  auth: 'public',
  tags: ['Auth'],
  summary: 'Set a new password with a reset token; signs out every session',
  body: ZConfirmResetPasswordRequest,
  data: ZEmpty,
});

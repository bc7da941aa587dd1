import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZEmpty } from '../envelope.js';
import { ZIdentifier } from '../fields.js';
import { zText } from '../text.js';

export const RESET_CODE_LENGTH = 6;

export const ZResetPasswordRequest = z.strictObject({
  /** Email or phone number of the account. */
  identifier: ZIdentifier,
});
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

/** The one answer to every reset request, whether or not the account exists. */
export const RESET_REQUESTED_MESSAGE =
  'If an account matches, a 6-digit code has been sent to its email address. It expires in 10 minutes.';

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/auth/reset-password',
  auth: 'public',
  tags: ['Auth'],
  summary: 'Send a one-time reset code to the account’s email',
  body: ZResetPasswordRequest,
  data: ZEmpty,
});

export const ZOtpResetPasswordRequest = z.strictObject({
  identifier: ZIdentifier,
  code: zText('Code', { error: 'Code is required' })
    .trim()
    .regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), `Code must be ${RESET_CODE_LENGTH} digits`),
});
export type TOtpResetPasswordRequest = z.input<typeof ZOtpResetPasswordRequest>;

export const ZResetTicket = z.object({
  resetToken: z.string(),
  expiresAt: z.string(),
});
export type TResetTicket = z.infer<typeof ZResetTicket>;

export const otpResetPassword = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/auth/otp-reset-password',
  auth: 'public',
  tags: ['Auth'],
  summary: 'Exchange the emailed code for a short-lived reset token',
  body: ZOtpResetPasswordRequest,
  data: ZResetTicket,
});

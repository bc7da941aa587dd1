import type { z } from 'zod';
import {
  otpResetPassword,
  resetPassword,
  ZOtpResetPasswordRequest,
  ZResetPasswordRequest,
} from '@agentdesk/contract/auth/reset-password';
import { publicCall } from '../../../lib/http/public-call';
import { validate } from '../../../lib/forms/validate';

export const validateResetRequest = (values: unknown) => validate(ZResetPasswordRequest, values);
export const validateResetCode = (values: unknown) => validate(ZOtpResetPasswordRequest, values);

/** Step 1: asks for a code; the server answers the same whether or not the account exists. */
export const callResetPassword = (body: z.output<typeof ZResetPasswordRequest>) => publicCall(resetPassword, body);

/** Step 2: exchanges the emailed code for a short-lived reset token. */
export const callOtpResetPassword = (body: z.output<typeof ZOtpResetPasswordRequest>) =>
  publicCall(otpResetPassword, body);

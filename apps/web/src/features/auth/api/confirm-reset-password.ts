import type { z } from 'zod';
import { confirmResetPassword, ZConfirmResetPasswordRequest } from '@agentdesk/contract/auth/confirm-reset-password';
import { publicCall } from '../../../lib/http/public-call';
import { validate } from '../../../lib/forms/validate';

export const validateNewPassword = (values: unknown) => validate(ZConfirmResetPasswordRequest, values);

/** Step 3: sets the new password; every session of the account ends. */
export const callConfirmResetPassword = (body: z.output<typeof ZConfirmResetPasswordRequest>) =>
  publicCall(confirmResetPassword, body);

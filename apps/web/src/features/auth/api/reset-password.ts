import type { z } from 'zod';
import {
  otpResetPassword,
  resetPassword,
  ZOtpResetPasswordRequest,
  ZResetPasswordRequest,
} from '@agentdesk/contract/auth/reset-password';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestOf, type Answer } from '../../../lib/http/envelope';
import { validate } from '../../../lib/forms/validate';

export const resetPasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Step 1: asks for a code; the server answers the same whether or not the account exists. */
    resetPassword: build.mutation<Answer<EndpointData<typeof resetPassword>>, z.output<typeof ZResetPasswordRequest>>({
      query: (body) => requestOf(resetPassword, body),
      transformResponse: parseAnswer(resetPassword),
      extraOptions: { public: true },
    }),
    /** Step 2: exchanges the emailed code for a short-lived reset token. */
    otpResetPassword: build.mutation<
      Answer<EndpointData<typeof otpResetPassword>>,
      z.output<typeof ZOtpResetPasswordRequest>
    >({
      query: (body) => requestOf(otpResetPassword, body),
      transformResponse: parseAnswer(otpResetPassword),
      extraOptions: { public: true },
    }),
  }),
});

export const validateResetRequest = (values: unknown) => validate(ZResetPasswordRequest, values);
export const validateResetCode = (values: unknown) => validate(ZOtpResetPasswordRequest, values);

import type { z } from 'zod';
import { confirmResetPassword, ZConfirmResetPasswordRequest } from '@agentdesk/contract/auth/confirm-reset-password';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import { api } from '../../../lib/http/api';
import { parseAnswer, requestOf, type Answer } from '../../../lib/http/envelope';
import { validate } from '../../../lib/forms/validate';

export const confirmResetPasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Step 3: sets the new password; every session of the account ends. */
    confirmResetPassword: build.mutation<
      Answer<EndpointData<typeof confirmResetPassword>>,
      z.output<typeof ZConfirmResetPasswordRequest>
    >({
      query: (body) => requestOf(confirmResetPassword, body),
      transformResponse: parseAnswer(confirmResetPassword),
      extraOptions: { public: true },
    }),
  }),
});

export const validateNewPassword = (values: unknown) => validate(ZConfirmResetPasswordRequest, values);

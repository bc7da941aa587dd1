import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZEmail, ZNewPassword, ZPersonName, ZPhone, ZUsername } from '../fields.js';
import { ZAuthSession } from './user.js';
import { zText } from '../text.js';

export const ZReferralCode = zText('Referral code')
  .trim()
  .toUpperCase()
  .pipe(z.string().regex(/^[A-Z0-9]{6,12}$/, 'Referral code must be 6 to 12 letters or digits'));

export const ZRegisterRequest = z
  .strictObject({
    firstName: ZPersonName('First name'),
    lastName: ZPersonName('Last name'),
    username: ZUsername,
    email: ZEmail,
    phone: ZPhone,
    password: ZNewPassword,
    confirmPassword: zText('Password', { error: 'Confirm your password' }).transform((value) =>
      value.normalize('NFKC'),
    ),
    referralCode: z.preprocess((value) => (value === '' ? undefined : value), ZReferralCode.optional()),
  })
  .refine((body) => body.password === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

export const register = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/auth/register',
  auth: 'public',
  status: 201,
  tags: ['Auth'],
  summary: 'Create an agent account and sign in',
  body: ZRegisterRequest,
  data: ZAuthSession,
});

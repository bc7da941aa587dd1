import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZEmpty } from '../envelope.js';
import { ZPassword } from '../fields.js';
import { zText } from '../text.js';
import { RESET_CODE_LENGTH } from './reset-password.js';

/**
 * The transaction PIN (docs/decisions/043): 4 digits the agent types in the confirm dialog of
 * every dashboard purchase. API keys are never asked for it (they are their own credential).
 */
export const PIN_LENGTH = 4;
/** Wrong PINs in a row before purchases pause. */
export const PIN_MAX_TRIES = 5;
/** How long purchases pause after the last of those. */
export const PIN_LOCK_MINUTES = 15;

export const zPin = (label: string) =>
  zText(label, { error: `${label} is required` })
    .trim()
    .regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), `${label} is ${PIN_LENGTH} digits`);

export const ZPin = zPin('PIN');

export const ZPinStatus = z.object({
  /** False until the agent chooses a PIN (their first purchase asks them to). */
  isSet: z.boolean(),
  /** While purchases are paused after too many wrong PINs: when they resume. */
  lockedUntil: z.string().nullable(),
});
export type TPinStatus = z.infer<typeof ZPinStatus>;

export const getPinStatus = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/auth/pin',
  auth: 'agent',
  tags: ['Auth'],
  summary: 'Whether the agent has a transaction PIN, and whether purchases are paused after wrong PINs',
  data: ZPinStatus,
});

export const ZSetPinRequest = z.strictObject({ pin: zPin('New PIN') });
export type TSetPinRequest = z.input<typeof ZSetPinRequest>;

export const setPin = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/auth/pin',
  auth: 'agent',
  status: 201,
  tags: ['Auth'],
  summary: 'Choose the first transaction PIN (409 once one is set: change or reset it instead)',
  body: ZSetPinRequest,
  data: ZPinStatus,
});

export const ZChangePinRequest = z
  .strictObject({
    currentPin: zPin('Current PIN').optional(),
    password: ZPassword.optional(),
    newPin: zPin('New PIN'),
  })
  .refine((body) => (body.currentPin === undefined) !== (body.password === undefined), {
    path: ['currentPin'],
    message: 'Enter your current PIN or your password',
  });
export type TChangePinRequest = z.input<typeof ZChangePinRequest>;

export const changePin = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/auth/pin/change',
  auth: 'agent',
  tags: ['Auth'],
  summary: 'Change the transaction PIN with the current PIN or the password; the agent is emailed',
  body: ZChangePinRequest,
  data: ZPinStatus,
});

export const requestPinResetCode = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/auth/pin/reset-code',
  auth: 'agent',
  tags: ['Auth'],
  summary: 'Email a one-time code (10 minutes, 5 tries) to reset a forgotten transaction PIN',
  data: ZEmpty,
});

export const ZResetPinRequest = z.strictObject({
  code: zText('Code', { error: 'Code is required' })
    .trim()
    .regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), `Code must be ${RESET_CODE_LENGTH} digits`),
  newPin: zPin('New PIN'),
});
export type TResetPinRequest = z.input<typeof ZResetPinRequest>;

export const resetPin = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/auth/pin/reset',
  auth: 'agent',
  tags: ['Auth'],
  summary: 'Set a new transaction PIN with the emailed code; ends a pause after wrong PINs',
  body: ZResetPinRequest,
  data: ZPinStatus,
});

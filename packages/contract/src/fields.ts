import { z } from 'zod';
import { normalizeNigerianPhone } from './phone.js';
import { zText } from './text.js';

/** Text a person typed: NFC-normalised, trimmed, free of control and invisible format characters. */
function cleanText(label: string, max: number) {
  return zText(label, { error: `${label} is required` })
    .transform((value) => value.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .min(1, `${label} is required`)
        .max(max, `${label} must be at most ${max} characters`)
        .refine(
          (value) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(value),
          `${label} contains characters that are not allowed`,
        ),
    );
}

export const ZPersonName = (label: string) => cleanText(label, 60);

export const ZEmail = zText('Email', { error: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address').max(254, 'Email must be at most 254 characters'));

export const ZUsername = zText('Username', { error: 'Username is required' })
  .trim()
  .toLowerCase()
  .pipe(
    z
      .string()
      .min(3, 'Username must be at least 3 characters')
      .max(30, 'Username must be at most 30 characters')
      .regex(/^[a-z0-9_.]+$/, 'Username may only contain letters, digits, "_" and "."'),
  );

/** A Nigerian mobile number in any usual form, normalised to `080...` (11 digits). */
export const ZPhone = zText('Phone number', { error: 'Phone number is required' }).transform((value, ctx) => {
  const normalized = normalizeNigerianPhone(value);
  if (normalized === null) {
    ctx.addIssue({ code: 'custom', message: 'Enter a Nigerian mobile number, like 08031234567' });
    return z.NEVER;
  }
  return normalized;
});

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * A new password. NFKC-normalised so that the same characters typed on another keyboard
 * still match; length is counted in characters after normalisation.
 */
export const ZNewPassword = zText('Password', { error: 'Password is required' })
  .transform((value) => value.normalize('NFKC'))
  .pipe(
    z
      .string()
      .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  );

/** A password being checked: never length-checked beyond a sane bound, so old passwords still work. */
export const ZPassword = zText('Password', { error: 'Password is required' })
  .min(1, 'Password is required')
  .max(1024, 'Password is too long')
  .transform((value) => value.normalize('NFKC'));

/** Email, username or phone number. */
export const ZIdentifier = zText('Email, username or phone', { error: 'Email, username or phone is required' })
  .trim()
  .min(1, 'Email, username or phone is required')
  .max(254, 'Email, username or phone is too long');

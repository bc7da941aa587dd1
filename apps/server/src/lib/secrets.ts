import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A bearer or reset token: 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a high-entropy token: its SHA-256 (a slow hash adds nothing at 256 bits). */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** A numeric one-time code from the CSPRNG, zero-padded. */
export function newNumericCode(digits: number): string {
  return randomInt(0, 10 ** digits)
    .toString()
    .padStart(digits, '0');
}

/**
 * A random string over an alphabet, each character uniformly from the CSPRNG; by default one
 * without look-alike characters (referral codes, generated passwords).
 */
export function newReadableCode(length: number, alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(0, alphabet.length)];
  return out;
}

export function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

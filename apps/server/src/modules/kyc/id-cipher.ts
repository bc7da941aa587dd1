import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** The purpose the BVN/NIN key is derived for from SECRET_KEY when KYC_ENCRYPTION_KEY is unset. */
export const KYC_KEY_PURPOSE = 'kyc-id-number';

/**
 * A BVN or NIN as stored: AES-256-GCM under the KYC key, with the agent's id as associated
 * data, so a ciphertext copied onto another agent's row does not decrypt. `v1:` + base64 of
 * iv (12 bytes) | tag (16) | ciphertext.
 */
export function encryptIdNumber(key: Buffer, userId: string, idNumber: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const encrypted = Buffer.concat([cipher.update(idNumber, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64')}`;
}

export function decryptIdNumber(key: Buffer, userId: string, stored: string): string {
  if (!stored.startsWith('v1:')) throw new Error('unknown id ciphertext version');
  const raw = Buffer.from(stored.slice(3), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(userId, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** `222****1234`: the first three and last four digits of an 11-digit id. */
export function maskIdNumber(idNumber: string): string {
  return `${idNumber.slice(0, 3)}****${idNumber.slice(-4)}`;
}

import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX_LENGTH } from '@agentdesk/contract/api/webhooks';

/**
 * The signature header of one send: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
 * The key is the secret string as the agent sees it (`whsec_...`), so any HMAC library verifies it.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** A new signing secret: `whsec_` and 32 random bytes in base64url. */
export function newWebhookSecret(): { secret: string; prefix: string } {
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, WEBHOOK_SECRET_PREFIX_LENGTH) };
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM with a fresh 96-bit IV per secret, stored as iv || tag || ciphertext. The agent's
 * id is the associated data: a ciphertext copied onto another agent's row does not decrypt.
 */
export function encryptSecret(key: Buffer, userId: string, secret: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
}

/** Throws when the data was altered, belongs to another agent, or was sealed under another SECRET_KEY. */
export function decryptSecret(key: Buffer, userId: string, sealed: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(userId, 'utf8'));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

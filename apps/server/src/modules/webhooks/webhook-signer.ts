import { createHmac, randomBytes } from 'node:crypto';
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

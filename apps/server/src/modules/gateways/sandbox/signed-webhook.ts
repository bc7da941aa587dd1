import { createHmac } from 'node:crypto';

/**
 * How both gateway sandboxes send a webhook: the raw body signed with HMAC-SHA512 of the secret
 * key (as Monnify and Paystack sign theirs), in the gateway's own header, to the server's URL.
 * `deliver` answers the server's status, or the error's message when it could not be reached.
 */
export function signedWebhooks(options: { secretKey: string; signatureHeader: string; webhookUrl: () => string }) {
  function signed(event: unknown) {
    const body = JSON.stringify(event);
    return { body, signature: createHmac('sha512', options.secretKey).update(body).digest('hex') };
  }

  async function deliver(webhook: { body: string; signature: string }): Promise<number | string> {
    try {
      const response = await fetch(options.webhookUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', [options.signatureHeader]: webhook.signature },
        body: webhook.body,
        signal: AbortSignal.timeout(30_000),
      });
      return response.status;
    } catch (error) {
      return (error as Error).message;
    }
  }

  return { signed, deliver };
}

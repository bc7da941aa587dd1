import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZPurchaseRequest } from '@agentdesk/contract/purchases/purchase';
import { buyAirtimeSample, getBalanceSample, purchaseStatusSample, SAMPLE_PURCHASE } from './api-samples';
import { LANGUAGES } from './languages';
import { VERIFY_WEBHOOK_SAMPLE } from './webhook-samples';

const BASE = 'https://agents.example.com';

describe('the API samples', () => {
  it('call this server’s reseller API in every language, with the key from the environment', () => {
    for (const [sample, path] of [
      [getBalanceSample(BASE), '/api/v1/reseller/balance'],
      [buyAirtimeSample(BASE), '/api/v1/reseller/purchases'],
      [purchaseStatusSample(BASE), '/api/v1/reseller/purchases/order-1001'],
    ] as const) {
      for (const language of LANGUAGES) {
        expect(sample[language], `${path} in ${language}`).toContain(`${BASE}${path}`);
        expect(sample[language], `${path} in ${language}`).toContain('AGENTDESK_API_KEY');
      }
    }
  });

  it('buy with a body the contract accepts, carrying its requestId in every language', () => {
    expect(ZPurchaseRequest.safeParse(SAMPLE_PURCHASE).success).toBe(true);
    const sample = buyAirtimeSample(BASE);
    const curlBody = /-d '(.+)'/.exec(sample.curl)?.[1];
    expect(JSON.parse(curlBody!)).toEqual(SAMPLE_PURCHASE);
    for (const language of LANGUAGES) expect(sample[language]).toContain(SAMPLE_PURCHASE.requestId);
  });

  it('show the tested webhook verification files verbatim', async () => {
    const file = (name: string) => readFile(join(import.meta.dirname, '../samples', name), 'utf8');
    expect(VERIFY_WEBHOOK_SAMPLE.javascript).toBe(await file('verify-webhook.js'));
    expect(VERIFY_WEBHOOK_SAMPLE.python).toBe(await file('verify-webhook.py'));
    expect(VERIFY_WEBHOOK_SAMPLE.php).toBe(await file('verify-webhook.php'));
    expect(VERIFY_WEBHOOK_SAMPLE.curl).toContain('openssl dgst -sha256 -hmac');
  });
});

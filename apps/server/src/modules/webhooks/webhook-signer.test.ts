import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_SECRET_PATTERN } from '@agentdesk/contract/api/webhooks';
import { isPrivateAddress } from './url-guard.js';
import { decryptSecret, encryptSecret } from '../../lib/sealed-secret.js';
import { newWebhookSecret, signatureHeader } from './webhook-signer.js';
import { retryDelayMs } from './webhooks.service.js';

describe('webhook signing', () => {
  it('signs "<t>.<body>" with the secret string as the HMAC key', () => {
    const body = '{"id":"evt_1","type":"test"}';
    const header = signatureHeader('whsec_abc', body, 1_790_000_000);
    const expected = createHmac('sha256', 'whsec_abc').update(`1790000000.${body}`).digest('hex');
    expect(header).toBe(`t=1790000000,v1=${expected}`);
  });

  it('makes whsec_ secrets of 32 random bytes with a 12-character prefix', () => {
    const { secret, prefix } = newWebhookSecret();
    expect(secret).toMatch(WEBHOOK_SECRET_PATTERN);
    expect(prefix).toBe(secret.slice(0, 12));
    expect(newWebhookSecret().secret).not.toBe(secret);
  });

  it('encrypts the secret for one agent under one key; anything else does not decrypt', () => {
    const key = randomBytes(32);
    const sealed = encryptSecret(key, 'agent-a', 'whsec_secret');
    expect(sealed.toString('latin1')).not.toContain('whsec_secret');
    expect(decryptSecret(key, 'agent-a', sealed)).toBe('whsec_secret');
    expect(() => decryptSecret(key, 'agent-b', sealed)).toThrow();
    expect(() => decryptSecret(randomBytes(32), 'agent-a', sealed)).toThrow();
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => decryptSecret(key, 'agent-a', tampered)).toThrow();
    // A fresh IV each time: the same secret never encrypts the same way twice.
    expect(encryptSecret(key, 'agent-a', 'whsec_secret').equals(sealed)).toBe(false);
  });
});

describe('retry schedule', () => {
  it('doubles from 30 s to a cap of 1 h, within ±10 %', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 8, 12].map((n) => retryDelayMs(n, middle))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
    expect(retryDelayMs(1, () => 0)).toBe(27_000);
    expect(retryDelayMs(1, () => 1)).toBe(33_000);
    expect(retryDelayMs(20, () => 1)).toBe(3_600_000);
  });
});

describe('private addresses', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.0.0.5', true],
    ['172.16.3.4', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['::1', true],
    ['::', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:8.8.8.8', true], // every IPv4-mapped address is refused, public or not
    ['8.8.8.8', false],
    ['2a00:1450:4001:80e::200e', false],
    ['not-an-address', true],
  ])('%s → %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from './verify-webhook.js';

/**
 * The samples are shown verbatim on the documentation page, so they are tested as shipped:
 * signatures computed here the way the server signs (HMAC-SHA256 over "<t>.<raw body>").
 */
const secret = 'whsec_dGVzdC1zZWNyZXQtZm9yLXRoZS1kb2N1bWVudGF0aW9uLXNhbXBsZQ';
const now = 1_790_000_000;
const rawBody = JSON.stringify({
  id: 'evt_01',
  type: 'purchase.delivered',
  createdAt: '2026-09-21T10:00:00.000Z',
  data: { requestId: 'order-1001', amount: '100.00', status: 'delivered', note: 'Ọ̀yọ́ ₦' },
});

function sign(body: string, key: string, t: number): string {
  return `t=${t},v1=${createHmac('sha256', key).update(`${t}.${body}`).digest('hex')}`;
}

const cases: { name: string; body: string; header: string; expected: boolean }[] = [
  { name: 'a valid signature', body: rawBody, header: sign(rawBody, secret, now - 10), expected: true },
  {
    name: 'a valid signature among unknown fields and an old one',
    body: rawBody,
    header: `${sign(rawBody, secret, now)},v0=abc,v1=${'0'.repeat(64)}`,
    expected: true,
  },
  {
    name: 'a tampered body',
    body: rawBody.replace('100.00', '900.00'),
    header: sign(rawBody, secret, now),
    expected: false,
  },
  { name: 'the wrong secret', body: rawBody, header: sign(rawBody, `${secret}x`, now), expected: false },
  { name: 'a stale timestamp (301 s)', body: rawBody, header: sign(rawBody, secret, now - 301), expected: false },
  { name: 'a timestamp at the 300 s edge', body: rawBody, header: sign(rawBody, secret, now - 300), expected: true },
  { name: 'a timestamp from the future', body: rawBody, header: sign(rawBody, secret, now + 301), expected: false },
  { name: 'a header without v1', body: rawBody, header: `t=${now}`, expected: false },
  { name: 'a header without t', body: rawBody, header: sign(rawBody, secret, now).split(',')[1]!, expected: false },
  { name: 'a truncated signature', body: rawBody, header: sign(rawBody, secret, now).slice(0, -2), expected: false },
  { name: 'an empty header', body: rawBody, header: '', expected: false },
];

describe('verify-webhook.js', () => {
  it.each(cases)('$name → $expected', ({ body, header, expected }) => {
    expect(verifyWebhook(body, header, secret, now)).toBe(expected);
    expect(verifyWebhook(Buffer.from(body, 'utf8'), header, secret, now)).toBe(expected);
  });

  it('uses the current time when none is given', () => {
    const t = Math.floor(Date.now() / 1000);
    expect(verifyWebhook(rawBody, sign(rawBody, secret, t), secret)).toBe(true);
    expect(verifyWebhook(rawBody, sign(rawBody, secret, t - 3600), secret)).toBe(false);
  });
});

describe('verify-webhook.py', () => {
  const script = join(import.meta.dirname, 'verify-webhook.py');
  const run = (input: object) =>
    execFileSync('python3', [script], { input: JSON.stringify(input), encoding: 'utf8' }).trim();

  it.each(cases)('$name → $expected', ({ body, header, expected }) => {
    expect(run({ rawBody: body, header, secret, now })).toBe(String(expected));
  });
});

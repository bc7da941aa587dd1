import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { isPrivateAddress, privateHostReason } from './url-guard.js';

const WEBHOOK = '/api/v1/agent/api/webhook';

/** Every spelling of a loopback, private or local target an agent might try (SSRF). */
const REFUSED = [
  // IPv4 as written, and in the forms inet_aton (and the URL parser) reads as 127.0.0.1.
  'https://127.0.0.1/h',
  'https://127.1/h',
  'https://2130706433/h',
  'https://0x7f000001/h',
  'https://0x7f.1/h',
  'https://017700000001/h',
  'https://0177.0.0.1/h',
  'https://127.000.000.001/h',
  'https://10.1.2.3/h',
  'https://0xa.1/h',
  'https://167772161/h',
  'https://192.168.0.10/h',
  'https://172.16.0.1/h',
  'https://100.64.0.1/h',
  'https://169.254.169.254/latest/meta-data',
  'https://0.0.0.0/h',
  'https://0/h',
  'https://224.0.0.1/h',
  'https://255.255.255.255/h',
  'https://192.0.2.1/h',
  // IPv6 loopback, unspecified, unique-local, link-local, multicast, documentation.
  'https://[::1]/h',
  'https://[0:0:0:0:0:0:0:1]/h',
  'https://[::]/h',
  'https://[fc00::1]/h',
  'https://[fd12:3456::1]/h',
  'https://[fe80::1]/h',
  'https://[febf::1]/h',
  'https://[ff02::1]/h',
  'https://[2001:db8::1]/h',
  // IPv4-compatible (::/96, deprecated): every IPv4 it embeds.
  'https://[::127.0.0.1]/h',
  'https://[::7f00:1]/h',
  'https://[0:0:0:0:0:0:7f00:1]/h',
  'https://[::10.0.0.1]/h',
  'https://[::169.254.169.254]/h',
  'https://[::8.8.8.8]/h',
  // IPv4-mapped (::ffff:0:0/96): every IPv4 it embeds, in every spelling.
  'https://[::ffff:127.0.0.1]/h',
  'https://[::ffff:7f00:1]/h',
  'https://[0:0:0:0:0:ffff:7f00:1]/h',
  'https://[0000:0000:0000:0000:0000:FFFF:7F00:0001]/h',
  'https://[::ffff:169.254.169.254]/h',
  'https://[::ffff:8.8.8.8]/h',
  // IPv4-translated (::ffff:0:0:0/96), NAT64 (64:ff9b::/96, 64:ff9b:1::/48), 6to4, Teredo.
  'https://[::ffff:0:7f00:1]/h',
  'https://[64:ff9b::7f00:1]/h',
  'https://[64:ff9b::127.0.0.1]/h',
  'https://[64:ff9b::a00:1]/h',
  'https://[64:ff9b:1::a00:1]/h',
  'https://[2002:7f00:1::]/h',
  'https://[2002:a00:1::1]/h',
  'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/h',
  // Names.
  'https://localhost/h',
  'https://LOCALHOST/h',
  'https://localhost./h',
  'https://api.localhost/h',
];

/** Public addresses (literals, so no DNS is needed): accepted. */
const ALLOWED = [
  'https://8.8.8.8/h',
  'https://1.1.1.1:8443/h',
  'https://172.32.0.1/h',
  'https://[2a00:1450:4001:80e::200e]/h',
  'https://[2606:4700:4700::1111]/h',
];

describe('the webhook URL guard', () => {
  it.each(REFUSED)('refuses %s', async (url) => {
    expect(await privateHostReason(new URL(url).hostname)).toEqual(expect.any(String));
  });

  it.each(ALLOWED)('accepts %s', async (url) => {
    expect(await privateHostReason(new URL(url).hostname)).toBeUndefined();
  });

  // What DNS may answer (AAAA records are not normalised by the URL parser).
  it.each([
    ['::7f00:1', true],
    ['::127.0.0.1', true],
    ['::8.8.8.8', true],
    ['::ffff:7f00:1', true],
    ['::ffff:8.8.8.8', true],
    ['0:0:0:0:0:ffff:7f00:1', true],
    ['64:ff9b::7f00:1', true],
    ['2002:7f00:1::1', true],
    ['fe80::1%eth0', true],
    ['fd00::1%1', true],
    ['[::1]', true],
    ['2001:db8::', true],
    ['100::1', true],
    ['', true],
    ['127.0.0.1 ', true],
    ['8.8.8.8', false],
    ['2a00:1450:4001:80e::200e', false],
  ])('isPrivateAddress(%j) is %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe('webhook URLs in production refuse every private spelling', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    // A real upstream (unreachable, unused) turns the sandbox off: production rules apply.
    t = await startTestApp({ env: { UPSTREAM_BASE_URL: 'https://upstream.invalid/api/', NODE_ENV: 'production' } });
    token = (await registerAgent(t)).token;
  });
  afterAll(() => t.close());

  it('answers 422 on url for each', async () => {
    const accepted: string[] = [];
    for (const url of REFUSED) {
      const response = await t.request('PUT', WEBHOOK, { token, body: { url, enabled: true } });
      if (response.status !== 422 || response.body.errors?.[0]?.path !== 'url')
        accepted.push(`${url}: ${response.status}`);
    }
    expect(accepted).toEqual([]);
    expect((await t.request('GET', WEBHOOK, { token })).body.data.url).toBeNull();
  });

  it('accepts public addresses', async () => {
    for (const url of ALLOWED) {
      const response = await t.request('PUT', WEBHOOK, { token, body: { url, enabled: true } });
      expect(response.status, url).toBe(200);
      expect(response.body.data.url, url).toBe(url);
    }
  });
});

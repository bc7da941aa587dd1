import { describe, expect, it } from 'vitest';
import { ipVersion, parseIpRule, ZAllowedIps } from './ip-rule.js';

describe('ipVersion', () => {
  it('knows IPv4 and IPv6 in their usual forms', () => {
    for (const v4 of ['0.0.0.0', '127.0.0.1', '203.0.113.7', '255.255.255.255']) expect(ipVersion(v4), v4).toBe(4);
    for (const v6 of [
      '::',
      '::1',
      '2001:db8::1',
      'fe80::1:2:3:4',
      '2001:0db8:0000:0000:0000:0000:0000:0001',
      '::ffff:192.0.2.1',
    ])
      expect(ipVersion(v6), v6).toBe(6);
  });

  it('refuses what is not an address', () => {
    for (const bad of [
      '',
      '256.1.1.1',
      '1.2.3',
      '01.2.3.4',
      '1.2.3.4.5',
      'localhost',
      ':::',
      '1::2::3',
      '12345::',
      'g::1',
      '1:2:3:4:5:6:7:8:9',
      '::ffff:300.1.1.1',
    ])
      expect(ipVersion(bad), bad).toBeNull();
  });
});

describe('parseIpRule', () => {
  it('reads an address or a CIDR range within its family’s bits', () => {
    expect(parseIpRule('10.0.0.0/8')).toEqual({ address: '10.0.0.0', prefix: 8, version: 4 });
    expect(parseIpRule('2001:db8::/32')).toEqual({ address: '2001:db8::', prefix: 32, version: 6 });
    expect(parseIpRule('203.0.113.7')).toEqual({ address: '203.0.113.7', prefix: 32, version: 4 });
    for (const bad of ['10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/08', '10.0.0.0/8/8', '/8'])
      expect(parseIpRule(bad), bad).toBeNull();
  });

  it('normalises an allow-list and names the bad entry', () => {
    expect(ZAllowedIps.parse([' 2001:DB8::1 ', '2001:db8::1', '10.0.0.0/8'])).toEqual(['2001:db8::1', '10.0.0.0/8']);
    const result = ZAllowedIps.safeParse(['10.0.0.1', 'nope']);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([1]);
  });
});

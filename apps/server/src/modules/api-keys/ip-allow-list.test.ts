import { describe, expect, it } from 'vitest';
import { ipAllowed } from './ip-allow-list.js';

describe('an API key’s allow-list', () => {
  it('allows every address when empty', () => {
    expect(ipAllowed([], '203.0.113.7')).toBe(true);
    expect(ipAllowed([], '2001:db8::1')).toBe(true);
  });

  it('matches addresses and ranges of both families as addresses, not as text', () => {
    const rules = ['203.0.113.0/24', '198.51.100.7', '2001:db8::/32'];
    expect(ipAllowed(rules, '203.0.113.250')).toBe(true);
    expect(ipAllowed(rules, '198.51.100.7')).toBe(true);
    expect(ipAllowed(rules, '198.51.100.8')).toBe(false);
    expect(ipAllowed(rules, '2001:0db8:0:0:0:0:0:1')).toBe(true);
    expect(ipAllowed(rules, '2001:db9::1')).toBe(false);
  });

  it('matches an IPv4 client on a dual-stack socket (::ffff:a.b.c.d) against IPv4 rules', () => {
    expect(ipAllowed(['203.0.113.0/24'], '::ffff:203.0.113.9')).toBe(true);
    expect(ipAllowed(['203.0.113.0/24'], '::ffff:198.51.100.9')).toBe(false);
  });

  it('takes a rule written in the IPv4-mapped form, for either form of the client, instead of failing every request', () => {
    for (const rules of [['::ffff:203.0.113.7'], ['::ffff:203.0.113.0/120']]) {
      expect(ipAllowed(rules, '203.0.113.7')).toBe(true);
      expect(ipAllowed(rules, '::ffff:203.0.113.7')).toBe(true);
      expect(ipAllowed(rules, '198.51.100.7')).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { parseIpLines } from './ip-lines';

describe('parseIpLines', () => {
  it('reads one entry per line (or separated by commas), drops blanks and duplicates, lower-cases IPv6', () => {
    expect(parseIpLines('203.0.113.7\n\n 10.0.0.0/8, 2001:DB8::/32\n203.0.113.7')).toEqual({
      ok: true,
      allowedIps: ['203.0.113.7', '10.0.0.0/8', '2001:db8::/32'],
    });
    expect(parseIpLines('   ')).toEqual({ ok: true, allowedIps: [] });
  });

  it('names the entry that is not an address or a range', () => {
    expect(parseIpLines('203.0.113.7\n300.1.1.1')).toEqual({
      ok: false,
      message: '“300.1.1.1”: Enter an IPv4 or IPv6 address, or a range like 203.0.113.0/24',
    });
    expect(parseIpLines('10.0.0.0/33')).toMatchObject({ ok: false, message: expect.stringContaining('10.0.0.0/33') });
  });
});

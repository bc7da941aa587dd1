import { BlockList, isIPv6 } from 'node:net';
import { parseIpRule } from '@agentdesk/contract/api/ip-rule';

/**
 * Whether `ip` is allowed by a key's list of addresses and CIDR ranges (already validated by
 * the contract); an empty list allows every address. Node's own BlockList does the matching,
 * so IPv6 forms (`2001:db8::1` = `2001:0db8:0:0:0:0:0:1`) compare as addresses, not as text,
 * and an IPv4 address matches its IPv4-mapped IPv6 form (`::ffff:203.0.113.7`, an IPv4 client
 * on a dual-stack socket) whichever side has which.
 */
export function ipAllowed(rules: readonly string[], ip: string): boolean {
  if (rules.length === 0) return true;
  const list = new BlockList();
  for (const rule of rules) {
    const parsed = parseIpRule(rule);
    if (parsed) list.addSubnet(parsed.address, parsed.prefix, parsed.version === 4 ? 'ipv4' : 'ipv6');
  }
  return list.check(ip, isIPv6(ip) ? 'ipv6' : 'ipv4');
}

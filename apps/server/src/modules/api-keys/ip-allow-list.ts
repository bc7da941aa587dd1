import { BlockList } from 'node:net';
import { parseIpRule } from '@agentdesk/contract/api/ip-rule';

/** `::ffff:203.0.113.7` (an IPv4 client on a dual-stack socket) is `203.0.113.7`. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/**
 * Whether `ip` is allowed by a key's list of addresses and CIDR ranges (already validated by
 * the contract); an empty list allows every address. Node's own BlockList does the matching,
 * so IPv6 forms (`2001:db8::1` = `2001:0db8:0:0:0:0:0:1`) compare as addresses, not as text.
 */
export function ipAllowed(rules: readonly string[], ip: string): boolean {
  if (rules.length === 0) return true;
  const list = new BlockList();
  for (const rule of rules) {
    const parsed = parseIpRule(rule);
    if (!parsed) continue;
    const family = parsed.version === 4 ? 'ipv4' : 'ipv6';
    list.addSubnet(plainAddress(parsed.address), parsed.prefix, family);
  }
  const address = plainAddress(ip);
  return list.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
}

import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach when private targets are refused (production): loopback,
 * private, carrier-grade NAT, link-local (cloud metadata at 169.254.169.254), unspecified,
 * multicast, documentation and reserved ranges. Otherwise an agent could make the server call
 * its own network on their behalf (SSRF).
 */
const BLOCKED_IPV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  BLOCKED_IPV4.addSubnet(network, prefix, 'ipv4');
}
/**
 * IPv6: besides loopback, unique-local, link-local, multicast and documentation, every form
 * that embeds an IPv4 address, whatever the address (the host's stack may route it to IPv4,
 * and spellings such as `[::127.0.0.1]` or `[::ffff:7f00:1]` are easy to miss): IPv4-compatible
 * (::/96, deprecated, with :: and ::1), IPv4-mapped (::ffff:0:0/96), IPv4-translated
 * (::ffff:0:0:0/96), NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48), 6to4 (2002::/16)
 * and Teredo (2001::/32). No real webhook receiver is reached through any of them.
 *
 * A list of its own: a BlockList judges an IPv4 address against IPv6 rules as IPv4-mapped, so
 * one list refusing ::ffff:0:0/96 would refuse every IPv4 address.
 */
const BLOCKED_IPV6 = new BlockList();
for (const [network, prefix] of [
  ['::', 96],
  ['::ffff:0:0', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED_IPV6.addSubnet(network, prefix, 'ipv6');
}

/**
 * True for an address a production webhook must not reach; anything that is not an IP address
 * (after the brackets and an IPv6 zone are taken off) is refused too.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return BLOCKED_IPV4.check(bare, 'ipv4');
  if (family === 6) return BLOCKED_IPV6.check(bare, 'ipv6');
  return true;
}

/**
 * The host as the URL parser reads it: IPv4 in any of inet_aton's spellings (`2130706433`,
 * `0x7f.1`, `0177.0.0.1`, `127.1`) becomes dotted decimal, IPv6 its compressed form, a name
 * lower case without a trailing dot. Undefined when it is no host at all.
 */
function canonicalHost(hostname: string): string | undefined {
  const bare = hostname.replace(/^\[|\]$/g, '');
  try {
    const host = new URL(`https://${isIP(bare) === 6 ? `[${bare}]` : bare}/`).hostname;
    return host.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  } catch {
    return undefined;
  }
}

/** Why a host may not be used (a message for the agent), or undefined when every address it resolves to is public. */
export async function privateHostReason(hostname: string): Promise<string | undefined> {
  const host = canonicalHost(hostname);
  if (!host) return `${hostname} is not a valid host name`;
  if (isIP(host)) return isPrivateAddress(host) ? `${host} is a private or local address` : undefined;
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} is a local address`;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    return `${host} could not be found`;
  }
  const blocked = addresses.find((entry) => isPrivateAddress(entry.address));
  return blocked ? `${host} resolves to a private or local address (${blocked.address})` : undefined;
}

import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach when private targets are refused (production): loopback,
 * private, carrier-grade NAT, link-local (cloud metadata at 169.254.169.254), unspecified,
 * multicast and reserved ranges. Otherwise an agent could make the server call its own
 * network on their behalf (SSRF).
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** True for an address a production webhook must not reach; IPv4-mapped IPv6 is judged as IPv4. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  const family = isIP(bare);
  if (family === 4) return BLOCKED.check(bare, 'ipv4');
  if (family === 6) return BLOCKED.check(bare, 'ipv6');
  return true;
}

/** Why a host may not be used (a message for the agent), or undefined when every address it resolves to is public. */
export async function privateHostReason(hostname: string): Promise<string | undefined> {
  const host = hostname.replace(/^\[|\]$/g, '');
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

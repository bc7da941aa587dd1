import { z } from 'zod';
import { zText } from '../text.js';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEXTET = /^[0-9a-f]{1,4}$/i;

function isIpv6(text: string): boolean {
  if (text.length > 45 || !/^[0-9a-f:.]+$/i.test(text)) return false;
  // An embedded IPv4 tail (::ffff:192.0.2.1) stands for two groups.
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  let groupsText = text;
  if (tail.includes('.')) {
    if (!IPV4.test(tail)) return false;
    groupsText = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = groupsText.split('::');
  if (halves.length > 2) return false;
  const groups = (half: string | undefined) => (half ? half.split(':') : []);
  if (halves.length === 1) {
    const all = groups(halves[0]);
    return all.length === 8 && all.every((group) => HEXTET.test(group));
  }
  const [left, right] = [groups(halves[0]), groups(halves[1])];
  return left.length + right.length <= 7 && [...left, ...right].every((group) => HEXTET.test(group));
}

/**
 * The version of an IP address in its usual text form, or null. Pure (no Node `net`), so the
 * web app checks an allow-list with the same rule as the server.
 *
 * @example ipVersion('203.0.113.7') // 4
 * @example ipVersion('2001:db8::1') // 6
 */
export function ipVersion(text: string): 4 | 6 | null {
  if (IPV4.test(text)) return 4;
  return isIpv6(text) ? 6 : null;
}

/** An address or a CIDR range (`203.0.113.0/24`, `2001:db8::/32`), or null when it is neither. */
export function parseIpRule(text: string): { address: string; prefix: number; version: 4 | 6 } | null {
  const [address = '', prefixText, extra] = text.split('/');
  if (extra !== undefined) return null;
  const version = ipVersion(address);
  if (!version) return null;
  const bits = version === 4 ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: bits, version };
  if (!/^(0|[1-9]\d{0,2})$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  return prefix <= bits ? { address, prefix, version } : null;
}

export const IP_RULE_MESSAGE = 'Enter an IPv4 or IPv6 address, or a range like 203.0.113.0/24';

/** One entry of an API key's allow-list, trimmed and lower-cased. */
export const ZIpRule = zText('An address')
  .trim()
  .toLowerCase()
  .refine((value) => parseIpRule(value) !== null, IP_RULE_MESSAGE);

export const MAX_ALLOWED_IPS = 20;

/** A key's allow-list: empty means any address; duplicates are dropped. */
export const ZAllowedIps = z
  .array(ZIpRule, { error: 'allowedIps is a list of addresses' })
  .max(MAX_ALLOWED_IPS, `At most ${MAX_ALLOWED_IPS} addresses or ranges per key`)
  .transform((rules) => [...new Set(rules)]);

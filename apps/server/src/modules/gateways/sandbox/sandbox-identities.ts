/**
 * The identities both gateway sandboxes know (documented in the README and decision 046), as a
 * gateway's BVN/NIN registry would: any other number is invalid; a known one with another name
 * is a name mismatch; the outage number makes the gateway fail (HTTP 503).
 */
export const SANDBOX_IDENTITIES: Record<string, { type: 'bvn' | 'nin'; firstName: string; lastName: string }> = {
  '22222222222': { type: 'bvn', firstName: 'Uchenna', lastName: 'Okoro' },
  '22222222226': { type: 'bvn', firstName: 'Ada', lastName: 'Demo' },
  '12345678901': { type: 'nin', firstName: 'Uchenna', lastName: 'Okoro' },
};

/** A BVN or NIN that makes the sandbox answer 503, as a gateway in trouble does. */
export const SANDBOX_OUTAGE_ID = '22222222290';

const words = (name: string) =>
  name
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean)
    .sort()
    .join(' ');

/** Whether the name given is the registered one: the same words, in any order and case. */
export function sameName(given: string, registered: { firstName: string; lastName: string }): boolean {
  return words(given) === words(`${registered.firstName} ${registered.lastName}`);
}

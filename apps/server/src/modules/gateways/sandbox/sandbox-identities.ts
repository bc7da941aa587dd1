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

/**
 * Paystack's fixed test values for customer identification (shared/reference/virtual-accounts.md):
 * this BVN (12 digits as the reference gives it; AgentDesk's form takes 11, so through AgentDesk
 * a BVN of SANDBOX_IDENTITIES is used), with the linked account 0111111111 at bank 007, is
 * Uchenna Okoro. The Paystack sandbox takes 0111111111 as the account linked to every BVN it knows.
 */
export const PAYSTACK_TEST_IDENTIFICATION = {
  bvn: '222222222221',
  accountNumber: '0111111111',
  bankCode: '007',
  firstName: 'Uchenna',
  lastName: 'Okoro',
} as const;

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

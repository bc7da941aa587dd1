import { normalizeNigerianPhone } from '@agentdesk/contract/phone';

export type IdentifierKeys = { email: string } | { phone: string } | { username: string };

/** Reads what a person typed to name their account: an email, a phone number or a username. */
export function parseIdentifier(input: string): IdentifierKeys {
  const value = input.normalize('NFC').trim();
  if (value.includes('@')) return { email: value.toLowerCase() };
  const phone = normalizeNigerianPhone(value);
  if (phone) return { phone };
  return { username: value.toLowerCase() };
}

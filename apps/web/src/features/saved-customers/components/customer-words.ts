import type { SavedCustomerKind, TSavedCustomer } from '@agentdesk/contract/saved-customers/saved-customer-fields';
import { NETWORK_LABELS } from '../../services/lib/network-prefix';
import { TV_LABELS } from '../../services/lib/provider-names';

// Keyed by any string: a saved provider is text from the server.
const NETWORK_NAMES: Record<string, string> = NETWORK_LABELS;
const TV_NAMES: Record<string, string> = TV_LABELS;

/** "Phone", "Meter", "Smartcard": what a saved number is, in the agent's words. */
export const KIND_WORDS: Record<SavedCustomerKind, string> = { phone: 'Phone', meter: 'Meter', smartcard: 'Smartcard' };

/**
 * The line under a customer's name: the number and what it is with, e.g. "08031234567 · MTN",
 * "1111111111111 · Ikeja Electric, prepaid", "1212121212 · DStv". `discos` names the discos by id.
 */
export function customerDetails(customer: TSavedCustomer, discos: Record<string, string> = {}): string {
  const parts = [customer.number];
  if (customer.kind === 'phone' && customer.provider) parts.push(NETWORK_NAMES[customer.provider] ?? customer.provider);
  if (customer.kind === 'meter' && customer.provider)
    parts.push(`${discos[customer.provider] ?? customer.provider}, ${customer.meterType ?? ''}`.replace(/, $/, ''));
  if (customer.kind === 'smartcard' && customer.provider) parts.push(TV_NAMES[customer.provider] ?? customer.provider);
  return parts.join(' · ');
}

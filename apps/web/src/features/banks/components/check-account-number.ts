import { isValidNuban } from '@agentdesk/contract/banks/nuban';
import type { TBank } from '@agentdesk/contract/banks/list-banks';

/** Digits only: people paste "0123 456 785" or "0123-456-785". */
export function digitsOf(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/**
 * The account number's problem before any call is made, or null when it may be looked up:
 * ten digits, and the NUBAN check digit of the chosen bank (the same rule the server applies).
 *
 * @example checkAccountNumber(gtbank, '0123456785') // null
 */
export function checkAccountNumber(bank: TBank | undefined, text: string): string | null {
  const number = digitsOf(text);
  if (!bank) return 'Choose a bank';
  if (!/^\d{10}$/.test(number)) return 'Account number must be 10 digits';
  if (bank.nubanCode && !isValidNuban(bank.nubanCode, number)) {
    return `This is not a valid ${bank.name} account number: check the digits and the bank`;
  }
  return null;
}

import type { NigerianBank } from '@agentdesk/contract/banks/nigerian-banks';
import { AppError } from '../../lib/app-error.js';
import type { AccountNameResolver } from './account-name-resolver.js';

const SURNAMES = ['OKAFOR', 'ADEYEMI', 'BELLO', 'EZE', 'IBRAHIM', 'OKONKWO', 'ADEBAYO', 'MUSA', 'NWOSU', 'ABUBAKAR'];
const GIVEN = ['CHIDI', 'AMINA', 'TUNDE', 'NGOZI', 'EMEKA', 'FATIMA', 'SEGUN', 'HAUWA', 'IFEOMA', 'YUSUF'];
const OTHER = ['GRACE', 'JOHN', 'BLESSING', 'SAMUEL', 'MARY', 'DAVID', 'JOY', 'PETER', 'ESTHER', 'PAUL'];

/** Account numbers starting with these answer "no such account" in the sandbox. */
export const SANDBOX_MISSING_PREFIX = '999';
/** Account numbers starting with these make the sandbox bank "unavailable". */
export const SANDBOX_UNAVAILABLE_PREFIX = '998';

/**
 * The sandbox bank: the name is a function of the account number (the same number always
 * answers the same name), except for the documented prefixes above.
 *
 * @example sandboxAccountName('0123456785') // 'BELLO HAUWA ESTHER'
 */
export function sandboxAccountName(accountNumber: string): string | null {
  if (accountNumber.startsWith(SANDBOX_MISSING_PREFIX)) return null;
  const digits = [...accountNumber].map(Number);
  const pick = (list: readonly string[], a: number, b: number) => list[(digits[a]! * 10 + digits[b]!) % list.length]!;
  return `${pick(SURNAMES, 1, 2)} ${pick(GIVEN, 3, 7)} ${pick(OTHER, 5, 8)}`;
}

export function createSandboxAccountNameResolver(): AccountNameResolver {
  return {
    async resolve(_bank: NigerianBank, accountNumber: string) {
      if (accountNumber.startsWith(SANDBOX_UNAVAILABLE_PREFIX)) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'The bank is not answering name enquiries right now. Try again later.',
        );
      }
      return sandboxAccountName(accountNumber);
    },
  };
}

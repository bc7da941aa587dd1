import { describe, expect, it } from 'vitest';
import type { TBank } from '@agentdesk/contract/banks/list-banks';
import { checkAccountNumber, digitsOf } from './check-account-number';

const GTBANK: TBank = { code: '000013', name: 'GTBank', cbnCode: '058', nipCode: '000013', nubanCode: '058' };
const OPAY: TBank = { code: '100004', name: 'OPay', cbnCode: null, nipCode: '100004', nubanCode: null };

describe('the account number pre-check', () => {
  it('passes a number with the right NUBAN check digit, typed with spaces or dashes', () => {
    expect(checkAccountNumber(GTBANK, '0123456785')).toBeNull();
    expect(checkAccountNumber(GTBANK, '0123 456-785')).toBeNull();
    expect(digitsOf('0123 456-785')).toBe('0123456785');
  });

  it('refuses a wrong check digit, a short number and no bank, so no lookup is made', () => {
    expect(checkAccountNumber(GTBANK, '0123456789')).toBe(
      'This is not a valid GTBank account number: check the digits and the bank',
    );
    expect(checkAccountNumber(GTBANK, '012345678')).toBe('Account number must be 10 digits');
    expect(checkAccountNumber(undefined, '0123456785')).toBe('Choose a bank');
  });

  it('only checks the length where no check digit applies (phone-number accounts)', () => {
    expect(checkAccountNumber(OPAY, '8031234567')).toBeNull();
  });
});

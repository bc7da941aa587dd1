import { describe, expect, it } from 'vitest';
import { sameAccountName } from './banks.service.js';
import { createSandboxAccountNameResolver, sandboxAccountName } from './sandbox-account-name-resolver.js';

describe('account name matching', () => {
  it('accepts the bank name in any order, case and accents', () => {
    expect(sameAccountName('Chidi Okafor', 'OKAFOR CHIDI EMEKA')).toBe(true);
    expect(sameAccountName('okafor, chidi emeka', 'OKAFOR CHIDI EMEKA')).toBe(true);
    expect(sameAccountName('Adébáyọ̀ Tunde', 'ADEBAYO TUNDE')).toBe(true);
  });

  it('refuses other names, a lone word, and nothing', () => {
    expect(sameAccountName('Chidi Obi', 'OKAFOR CHIDI EMEKA')).toBe(false);
    expect(sameAccountName('Chidi', 'OKAFOR CHIDI EMEKA')).toBe(false);
    expect(sameAccountName('', 'OKAFOR CHIDI EMEKA')).toBe(false);
    expect(sameAccountName('--', 'OKAFOR CHIDI EMEKA')).toBe(false);
    expect(sameAccountName('Dangote', 'DANGOTE')).toBe(true);
  });
});

describe('sandbox name enquiry', () => {
  const bank = { code: '000013', name: 'GTBank', cbnCode: '058', nipCode: '000013', nubanCode: '058' };

  it('answers the same name for the same number, and names differ between numbers', async () => {
    const resolver = createSandboxAccountNameResolver();
    expect(await resolver.resolve(bank, '0123456785')).toBe('BELLO HAUWA ESTHER');
    expect(await resolver.resolve(bank, '0123456785')).toBe(sandboxAccountName('0123456785'));
    expect(sandboxAccountName('0123456785')).not.toBe(sandboxAccountName('0987654321'));
  });

  it('has no account for numbers starting 999 and is unavailable for 998', async () => {
    const resolver = createSandboxAccountNameResolver();
    expect(await resolver.resolve(bank, '9990000011')).toBeNull();
    await expect(resolver.resolve(bank, '9980000011')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});

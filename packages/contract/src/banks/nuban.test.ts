import { describe, expect, it } from 'vitest';
import { isValidNuban, nubanCheckDigit } from './nuban.js';

describe('NUBAN check digit', () => {
  it('matches the reference examples of the 3-digit CBN scheme', () => {
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    expect(isValidNuban('011', '0000014579')).toBe(true);
    expect(nubanCheckDigit('011', '000000022')).toBe(0);
    expect(isValidNuban('011', '0000000220')).toBe(true);
    expect(nubanCheckDigit('058', '012345678')).toBe(5);
    expect(isValidNuban('058', '0123456785')).toBe(true);
  });

  it('gives the same digit in the 2020 scheme for 000 + a bank code', () => {
    expect(nubanCheckDigit('000011', '000001457')).toBe(9);
    expect(nubanCheckDigit('000011', '000000022')).toBe(0);
    expect(nubanCheckDigit('000058', '012345678')).toBe(5);
    for (const code of ['044', '057', '214', '301']) {
      for (const serial of ['000000001', '123456789', '987654321']) {
        expect(nubanCheckDigit(`000${code}`, serial)).toBe(nubanCheckDigit(code, serial));
      }
    }
  });

  it('weights all 15 digits for a 6-digit institution code of another institution', () => {
    // 9 5 0 2 1 1 | 2 0 0 0 0 0 0 0 1 weighted 3 7 3 3 7 3 3 7 3 3 7 3 3 7 3:
    // 27 + 35 + 0 + 6 + 7 + 3 + 6 + 0 + 0 + 0 + 0 + 0 + 0 + 0 + 3 = 87 → (10 - 7) % 10 = 3
    expect(nubanCheckDigit('950211', '200000001')).toBe(3);
    expect(isValidNuban('950211', '2000000013')).toBe(true);
    expect(isValidNuban('950211', '2000000014')).toBe(false);
    // The leading 9 matters: without it the digit differs.
    expect(nubanCheckDigit('050211', '200000001')).not.toBe(3);
  });

  it('refuses anything that is not 10 digits or has the wrong check digit', () => {
    for (const bad of ['', '012345678', '01234567855', '012345678a', ' 0123456785', '0123456780']) {
      expect(isValidNuban('058', bad), bad).toBe(false);
    }
    expect(() => nubanCheckDigit('58', '012345678')).toThrow();
    expect(() => nubanCheckDigit('058', '12345678')).toThrow();
  });
});

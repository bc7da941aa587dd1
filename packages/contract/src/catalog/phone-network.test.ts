import { describe, expect, it } from 'vitest';
import { guessNetwork } from './phone-network.js';

describe('guessNetwork', () => {
  it('reads the network from the prefix, five digits before four', () => {
    expect(guessNetwork('08031234567')).toBe('mtn');
    expect(guessNetwork('08051234567')).toBe('glo');
    expect(guessNetwork('08021234567')).toBe('airtel');
    expect(guessNetwork('09091234567')).toBe('9mobile');
    expect(guessNetwork('07025123456')).toBe('mtn');
    expect(guessNetwork('07021234567')).toBeNull();
    expect(guessNetwork('07001234567')).toBeNull();
  });
});

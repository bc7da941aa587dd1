import { describe, expect, it } from 'vitest';
import { guessNetwork, localDigits } from './network-prefix';

describe('guessNetwork', () => {
  it.each([
    ['08031234567', 'mtn'],
    ['07025123456', 'mtn'],
    ['07026123456', 'mtn'],
    ['09161234567', 'mtn'],
    ['08051234567', 'glo'],
    ['09151234567', 'glo'],
    ['08021234567', 'airtel'],
    ['09121234567', 'airtel'],
    ['08091234567', '9mobile'],
    ['09091234567', '9mobile'],
    ['+234 803 123 4567', 'mtn'],
    ['2348051234567', 'glo'],
    ['0803', 'mtn'],
  ] as const)('%s is %s', (phone, network) => {
    expect(guessNetwork(phone)).toBe(network);
  });

  it.each(['', '080', '0702', '07027123456', '08001234567'])('%s is not guessed', (phone) => {
    expect(guessNetwork(phone)).toBeNull();
  });

  it('reads a number typed with spaces, dashes or +234', () => {
    expect(localDigits('+234 (803) 123-4567')).toBe('08031234567');
  });
});

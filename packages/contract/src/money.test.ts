import { describe, expect, it } from 'vitest';
import { displayNaira, formatNaira, parseNairaToKobo, ZNairaAmount } from './money.js';

describe('money', () => {
  it('formats kobo as JSON naira strings', () => {
    expect(formatNaira(0n)).toBe('0.00');
    expect(formatNaira(5n)).toBe('0.05');
    expect(formatNaira(150050n)).toBe('1500.50');
    expect(formatNaira(-150050n)).toBe('-1500.50');
    expect(formatNaira(900719925474099312n)).toBe('9007199254740993.12');
  });

  it('shows naira as people read them', () => {
    expect(displayNaira(150050n)).toBe('₦1,500.50');
    expect(displayNaira(123456789n)).toBe('₦1,234,567.89');
    expect(displayNaira(50000n, { wholeNaira: true })).toBe('₦500');
    expect(displayNaira(50050n, { wholeNaira: true })).toBe('₦500.50');
    expect(displayNaira(-100n)).toBe('-₦1.00');
  });

  it('parses naira text to kobo without floats', () => {
    expect(parseNairaToKobo('1500')).toBe(150000n);
    expect(parseNairaToKobo('1500.5')).toBe(150050n);
    expect(parseNairaToKobo(' 0.01 ')).toBe(1n);
    for (const bad of ['', '1,500', '1e3', '-5', '1.234', '.5', 'NaN']) expect(parseNairaToKobo(bad), bad).toBeNull();
  });

  it('accepts positive amounts as strings or numbers', () => {
    expect(ZNairaAmount.parse('250')).toBe(25000n);
    expect(ZNairaAmount.parse(99.99)).toBe(9999n);
    expect(ZNairaAmount.safeParse('0').success).toBe(false);
    expect(ZNairaAmount.safeParse(0.001).success).toBe(false);
  });
});

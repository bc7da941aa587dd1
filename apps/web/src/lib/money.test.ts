import { describe, expect, it } from 'vitest';
import { formatNaira } from './money';

describe('formatNaira', () => {
  it('shows naira with the sign, thousands separators and two decimals', () => {
    expect(formatNaira('1500')).toBe('₦1,500.00');
    expect(formatNaira('1500.00')).toBe('₦1,500.00');
    expect(formatNaira(1234567.5)).toBe('₦1,234,567.50');
    expect(formatNaira('0.00')).toBe('₦0.00');
  });

  it('shows zero rather than NaN for something that is not a number', () => {
    expect(formatNaira('abc')).toBe('₦0.00');
  });
});

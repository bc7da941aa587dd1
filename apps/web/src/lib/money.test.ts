import { describe, expect, it } from 'vitest';
import { formatNaira } from './money';

const intl = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });

describe('formatNaira', () => {
  it('shows naira with the sign, thousands separators and two decimals', () => {
    expect(formatNaira('1500')).toBe('₦1,500.00');
    expect(formatNaira('1500.00')).toBe('₦1,500.00');
    expect(formatNaira(1234567.5)).toBe('₦1,234,567.50');
    expect(formatNaira('0.00')).toBe('₦0.00');
    expect(formatNaira(-490)).toBe('-₦490.00');
  });

  it('shows zero rather than NaN for something that is not a number', () => {
    expect(formatNaira('abc')).toBe('₦0.00');
    expect(formatNaira(Number.POSITIVE_INFINITY)).toBe('₦0.00');
  });

  it('writes what Intl.NumberFormat writes for en-NG naira', () => {
    const edges = [
      0,
      -0,
      0.004,
      0.005,
      0.015,
      1.005,
      2.675,
      -0.004,
      -0.005,
      0.995,
      9.995,
      99.995,
      999.995,
      999999.995,
      1e-7,
      5e-3,
      1e15,
      123456789012.34,
      1e20,
      1e21,
      1.5e22,
      2 ** 53,
      0.1 + 0.2,
      4.35,
      1.45,
      8.345,
      1234.5678,
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const drawn = Array.from({ length: 3000 }, (_, index) => {
      const scale = 10 ** Math.floor(random() * 12);
      const value = (random() - 0.3) * scale;
      // Every third one on whole kobo, as amounts are; the rest anywhere.
      return index % 3 === 0 ? Math.round(value * 100) / 100 : value;
    });
    for (const value of [...edges, ...edges.map((edge) => -edge), ...drawn]) {
      expect(formatNaira(value), String(value)).toBe(intl.format(value));
      // String(-0) is '0'.
      if (!Object.is(value, -0)) expect(formatNaira(String(value)), `'${value}'`).toBe(intl.format(value));
    }
  });
});

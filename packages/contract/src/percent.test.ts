import { describe, expect, it } from 'vitest';
import { percentToBps, ZPercent } from './percent.js';

describe('a percent', () => {
  const discount = ZPercent('Discount');

  it('takes 0 to 100 with up to two decimals, read as basis points without a float', () => {
    for (const [text, bps] of [
      ['0', 0],
      ['1.5', 150],
      ['12.50', 1250],
      ['2.05', 205],
      ['99.99', 9999],
      ['100', 10_000],
      ['100.0', 10_000],
      ['100.00', 10_000],
    ] as const) {
      expect(discount.parse(text)).toBe(text);
      expect(percentToBps(text)).toBe(bps);
    }
  });

  it('refuses more than 100, a third decimal and anything that is not a plain number, naming the field', () => {
    for (const text of ['100.5', '100.01', '101', '1000', '1.234', '-1', '1e2', '', ' 5', '5%', '.5', '5.']) {
      const result = discount.safeParse(text);
      expect(result.success, text).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Discount is a percent from 0 to 100 with up to two decimals');
    }
  });
});

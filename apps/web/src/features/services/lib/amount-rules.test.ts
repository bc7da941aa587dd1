import { describe, expect, it } from 'vitest';
import {
  balanceAfter,
  canAfford,
  checkAmount,
  checkQuantity,
  discountedPrice,
  koboToNaira,
  toKobo,
} from './amount-rules';

describe('amount rules', () => {
  it('reads naira as typed', () => {
    expect(toKobo('500')).toBe(50_000);
    expect(toKobo('1,500.5')).toBe(150_050);
    expect(toKobo('₦ 2,000.05')).toBe(200_005);
    expect(toKobo('12.345')).toBeNull();
    expect(toKobo('-5')).toBeNull();
    expect(toKobo('abc')).toBeNull();
    expect(koboToNaira(150_050)).toBe('1500.50');
    expect(koboToNaira(-5)).toBe('-0.05');
  });

  it('keeps an amount within the service bounds', () => {
    expect(checkAmount('', '50.00', '50000.00')).toBe('Enter an amount');
    expect(checkAmount('abc', '50.00', '50000.00')).toBe('Enter an amount in naira, like 500');
    expect(checkAmount('0', null, null)).toBe('Enter an amount in naira, like 500');
    expect(checkAmount('49.99', '50.00', '50000.00')).toBe('The minimum is ₦50.00');
    expect(checkAmount('50000.01', '50.00', '50000.00')).toBe('The maximum is ₦50,000.00');
    expect(checkAmount('50', '50.00', '50000.00')).toBeNull();
    expect(checkAmount('50,000', '50.00', '50000.00')).toBeNull();
    expect(checkAmount('100000', null, null)).toBeNull();
  });

  it('prices like the server: the discount rounded down to the kobo', () => {
    expect(discountedPrice('500', '2.00')).toBe('490.00');
    expect(discountedPrice('1000', '0.50')).toBe('995.00');
    // 3.33 naira at 2%: 333 kobo less floor(6.66) = 327 kobo.
    expect(discountedPrice('3.33', '2.00')).toBe('3.27');
    expect(discountedPrice('500', '0')).toBe('500.00');
  });

  it('works out the balance after paying', () => {
    expect(balanceAfter('50000.00', '490.00')).toBe('49510.00');
    expect(balanceAfter('100.00', '490.00')).toBe('-390.00');
    expect(canAfford('490.00', '490.00')).toBe(true);
    expect(canAfford('489.99', '490.00')).toBe(false);
  });

  it('sells 1 to 10 PINs at once', () => {
    expect(checkQuantity('1')).toBeNull();
    expect(checkQuantity('10')).toBeNull();
    expect(checkQuantity('0')).toBe('Buy at least 1');
    expect(checkQuantity('11')).toBe('Buy at most 10 at once');
    expect(checkQuantity('2.5')).toBe('Enter a number from 1 to 10');
    expect(checkQuantity('')).toBe('Enter a number from 1 to 10');
  });
});

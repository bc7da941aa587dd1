/**
 * Formats a naira amount as the API carries it (a string with two decimals) or a number, as
 * `Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' })` does (a test compares
 * the two): `₦`, thousands separators, two decimals rounded half away from zero on the number's
 * shortest decimal form, `-` before a negative amount.
 *
 * Written out rather than built on Intl: a page's first Intl formatter loads the locale's data,
 * about 100 ms on a slow phone while the app starts (it was the home's costliest module).
 *
 * @example formatNaira('1500.00') // '₦1,500.00'
 */
export function formatNaira(amount: string | number): string {
  // Self-contained (its helper inside): the prerendered home's head script is sent its source text.
  /** A non-negative finite number in hundredths, rounded half up on its shortest decimal form. */
  const toCents = (value: number): bigint => {
    const [mantissa = '0', exponent = '0'] = String(value).split('e');
    const [int = '0', frac = ''] = mantissa.split('.');
    // The digits without the point, and where the point goes in them.
    const digits = int + frac;
    const point = int.length + Number(exponent);
    const at = (index: number) => digits.charAt(index) || '0';
    let hundredths = '';
    for (let index = 0; index < point + 2; index += 1) hundredths += at(index);
    const cents = BigInt(hundredths === '' ? '0' : hundredths);
    return at(point + 2) >= '5' ? cents + 1n : cents;
  };
  const number = typeof amount === 'number' ? amount : Number(amount);
  const value = Number.isFinite(number) ? number : 0;
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const cents = toCents(Math.abs(value));
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (cents % 100n).toString().padStart(2, '0');
  return `${sign}₦${whole}.${fraction}`;
}

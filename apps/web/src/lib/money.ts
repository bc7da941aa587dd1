const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });

/**
 * Formats a naira amount as the API carries it (a string with two decimals) or a number.
 *
 * @example formatNaira('1500.00') // '₦1,500.00'
 */
export function formatNaira(amount: string | number): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  return naira.format(Number.isFinite(value) ? value : 0);
}

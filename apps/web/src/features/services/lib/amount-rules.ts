import { formatNaira } from '../../../lib/money';
import { percentToBps } from '@agentdesk/contract/percent';

/** Naira as typed (`1,500` or `1500.5`) in kobo, or null when it is not an amount. */
export function toKobo(value: string): number | null {
  const compact = value.replace(/[,\s₦]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(compact)) return null;
  const [whole = '0', fraction = ''] = compact.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Kobo as the API carries money: a naira string with two decimals. */
export function koboToNaira(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Why an amount the agent chose cannot be bought, or null when it can: a plain naira amount
 * within the service's minimum and maximum.
 *
 * @example checkAmount('20', '50.00', '50000.00') // 'The minimum is ₦50.00'
 */
export function checkAmount(value: string, min: string | null, max: string | null): string | null {
  if (value.trim() === '') return 'Enter an amount';
  const kobo = toKobo(value);
  if (kobo === null || kobo === 0) return 'Enter an amount in naira, like 500';
  const minKobo = min === null ? null : toKobo(min);
  const maxKobo = max === null ? null : toKobo(max);
  if (minKobo !== null && kobo < minKobo) return `The minimum is ${formatLimit(minKobo)}`;
  if (maxKobo !== null && kobo > maxKobo) return `The maximum is ${formatLimit(maxKobo)}`;
  return null;
}

function formatLimit(kobo: number): string {
  return formatNaira(kobo / 100);
}

/**
 * What the agent pays for an amount they chose: face value less the service's discount,
 * the discount rounded down to the kobo, exactly as the server prices it.
 *
 * @example discountedPrice('500', '2.00') // '490.00'
 */
export function discountedPrice(amount: string, discountPercent: string): string {
  const kobo = toKobo(amount) ?? 0;
  const bps = percentToBps(discountPercent) || 0;
  return koboToNaira(kobo - Math.floor((kobo * bps) / 10_000));
}

/** The balance left after paying `price`, as a naira string (negative when short). */
export function balanceAfter(balance: string, price: string): string {
  return koboToNaira((toKobo(balance) ?? 0) - (toKobo(price) ?? 0));
}

/** Whether the balance covers the price. */
export function canAfford(balance: string, price: string): boolean {
  return (toKobo(balance) ?? 0) >= (toKobo(price) ?? 0);
}

/** How many exam PINs one purchase may hold. */
export const MAX_QUANTITY = 10;

/** Why a quantity of PINs cannot be bought, or null: a whole number from 1 to 10. */
export function checkQuantity(value: string): string | null {
  if (!/^\d+$/.test(value.trim())) return `Enter a number from 1 to ${MAX_QUANTITY}`;
  const quantity = Number(value);
  if (quantity < 1) return 'Buy at least 1';
  if (quantity > MAX_QUANTITY) return `Buy at most ${MAX_QUANTITY} at once`;
  return null;
}

import { z } from 'zod';

/**
 * Kobo (bigint) to the naira string JSON carries: two decimals, no grouping.
 *
 * @example formatNaira(150050n) // '1500.50'
 */
export function formatNaira(kobo: bigint): string {
  const sign = kobo < 0n ? '-' : '';
  const abs = kobo < 0n ? -kobo : kobo;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * Kobo as people read it: `₦1,500.00`, or `₦1,500` with `wholeNaira` when there are no kobo.
 * (Computed from the integer, never through a float.)
 *
 * @example displayNaira(150050n) // '₦1,500.50'
 */
export function displayNaira(kobo: bigint, options: { wholeNaira?: boolean } = {}): string {
  const [whole = '0', fraction = '00'] = formatNaira(kobo).replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = kobo < 0n ? '-' : '';
  return options.wholeNaira && fraction === '00' ? `${sign}₦${grouped}` : `${sign}₦${grouped}.${fraction}`;
}

/**
 * A naira string (`"1500"`, `"1500.5"`, `"1500.50"`) to kobo, by string arithmetic: no float
 * ever holds the amount. Returns null for anything else.
 */
export function parseNairaToKobo(text: string): bigint | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** JSON money: a naira string with two decimals. */
export const ZNaira = z.string().regex(/^-?\d+\.\d{2}$/);

/** A positive naira amount typed by a person or sent by a client: `"1500"` or `"1500.50"` (numbers are accepted too), as kobo. */
export const ZNairaAmount = z
  .union([z.string(), z.number()], { error: 'Enter an amount in naira, like 1500 or 1500.50' })
  .transform((value, ctx) => {
    const kobo = parseNairaToKobo(typeof value === 'number' ? String(value) : value);
    if (kobo === null || kobo <= 0n) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount in naira, like 1500 or 1500.50' });
      return z.NEVER;
    }
    return kobo;
  });

/** A naira amount that may be zero (charges), as kobo. */
export const ZNairaNonNegative = z
  .union([z.string(), z.number()], { error: 'Enter an amount in naira, like 0, 50 or 50.25' })
  .transform((value, ctx) => {
    const kobo = parseNairaToKobo(typeof value === 'number' ? String(value) : value);
    if (kobo === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount in naira, like 0, 50 or 50.25' });
      return z.NEVER;
    }
    return kobo;
  });

/** An opaque keyset cursor: the id of the last row of the previous page. */
export const ZCursor = z.uuid('cursor is not valid').optional();

export const ZPageLimit = z.coerce.number().int().min(1).max(100).default(20);

/** A list answer's `meta`. */
export const ZListMeta = z.object({ nextCursor: z.string().nullable() });

import { createHmac } from 'node:crypto';

/**
 * What a purchase does at the Clubkonnect sandbox, decided by the value the sandbox judges (the
 * number bought for: MobileNumber for airtime and data, MeterNo, SmartCardNo, PhoneNo for exam
 * PINs). Each is a test value's last three digits (docs/decisions/034):
 * - `script`: the status codes the order answers, the pay first, then each query in turn (the
 *   last repeats): an order that is pending, then delivered or cancelled;
 * - no script: no order is made, and the pay is answered as `answer` says.
 */
export interface Behaviour {
  name: string;
  script?: readonly string[];
  /** How a pay with no script is answered: a bare token, or Clubkonnect's HTML outage page. */
  answer?: 'invalid-number' | 'low-balance' | 'outage';
  /** The answer is lost after the order is made: held until the client gives up, or the connection cut. */
  transport?: 'timeout' | 'dropped';
}

export const BEHAVIOURS = {
  '200': { name: 'delivered at once (200 ORDER_COMPLETED)', script: ['200'] },
  '100': { name: 'received (100), then delivered on the first query', script: ['100', '200'] },
  '201': { name: 'completed without the network’s reply (201), then delivered', script: ['201', '200'] },
  '299': { name: 'completed with an unspecified error (299), then delivered', script: ['299', '200'] },
  '777': { name: 'an undocumented status code (777), then delivered', script: ['777', '200'] },
  '600': { name: 'on hold (600), still on hold, then cancelled (506)', script: ['600', '600', '506'] },
  '516': { name: 'received (100), then cancelled on the first query (516)', script: ['100', '516'] },
  '514': { name: 'cancelled at once, with an order (514 Transaction rejected)', script: ['514'] },
  '409': { name: 'refused before any order: the number (bare token)', answer: 'invalid-number' },
  '417': { name: 'refused before any order: INSUFFICIENT_BALANCE', answer: 'low-balance' },
  '503': { name: 'the HTML 503 outage page, no order', answer: 'outage' },
  '998': {
    name: 'delivered, but the answer never comes (held until the client leaves)',
    script: ['200'],
    transport: 'timeout',
  },
  '999': { name: 'delivered, but the connection is cut before the answer', script: ['200'], transport: 'dropped' },
} as const satisfies Record<string, Behaviour>;

export type BehaviourCode = keyof typeof BEHAVIOURS;

/** The value each kind of number is judged by, and the prefix that makes it a test value. */
export const TEST_PREFIXES = {
  /** 11 digits: 08021000 + the code. */
  phone: '08021000',
  /** 11 digits: 45021000 + the code. */
  meter: '45021000',
  /** 10 digits: 7021000 + the code. */
  smartcard: '7021000',
  /** 10 digits: 6021000 + the code (JAMB profile IDs; verify only). */
  profile: '6021000',
} as const;

export type NumberKind = keyof typeof TEST_PREFIXES;

/**
 * A test value. `testValue('phone', '100')` is `08021000100`: received, then delivered. On
 * verify, every test value is a customer except code `404` (the biller's INVALID_ token) and
 * `503` (the outage page).
 *
 * @example testValue('meter', '998') // '45021000998': the vend is made, its answer never comes
 */
export function testValue(kind: NumberKind, code: BehaviourCode | '404'): string {
  return `${TEST_PREFIXES[kind]}${code}`;
}

/** The test code a number carries, if it is a test value of its kind. */
export function testCodeOf(kind: NumberKind, number: string): string | null {
  const prefix = TEST_PREFIXES[kind];
  return number.startsWith(prefix) && number.length === prefix.length + 3 ? number.slice(prefix.length) : null;
}

/** What numbers of each kind look like to the sandbox. */
export const PLAUSIBLE: Record<NumberKind, RegExp> = {
  phone: /^0[789]\d{9}$/,
  meter: /^\d{11,13}$/,
  smartcard: /^\d{10,11}$/,
  profile: /^\d{10}$/,
};

export interface Chaos {
  /** Shares of ordinary sales (not test values) cancelled at once (514), timed out, cut off; by RequestID. */
  failureRate: number;
  timeoutRate: number;
  dropRate: number;
}

/**
 * The behaviour of a purchase for the judged number. A test value does what its code says.
 * Any other number: strict, refused as the real one refuses an unknown number; otherwise
 * delivered (demos work with real-looking numbers), except the shares the chaos rates take, chosen
 * by RequestID so that the same request always behaves the same.
 */
export function behaviourOf(
  kind: NumberKind,
  number: string,
  options: { strict: boolean; chaos: Chaos; requestId: string },
): Behaviour {
  const code = testCodeOf(kind, number);
  if (code && code in BEHAVIOURS) return BEHAVIOURS[code as BehaviourCode];
  if (options.strict || !PLAUSIBLE[kind].test(number)) return BEHAVIOURS['409'];
  const { failureRate, timeoutRate, dropRate } = options.chaos;
  const draw = fraction(`chaos:${options.requestId}`);
  if (draw < failureRate) return BEHAVIOURS['514'];
  if (draw < failureRate + timeoutRate) return BEHAVIOURS['998'];
  if (draw < failureRate + timeoutRate + dropRate) return BEHAVIOURS['999'];
  return BEHAVIOURS['200'];
}

/** Whether a verify finds a customer behind the number: test values but 404 and 503; otherwise plausible ones unless strict. */
export function verifyOutcome(kind: NumberKind, number: string, strict: boolean): 'customer' | 'invalid' | 'outage' {
  const code = testCodeOf(kind, number);
  if (code === '404') return 'invalid';
  if (code === '503') return 'outage';
  if (code) return 'customer';
  return !strict && PLAUSIBLE[kind].test(number) && !number.startsWith('999') ? 'customer' : 'invalid';
}

function digest(seed: string): Buffer {
  return createHmac('sha256', 'agentdesk-clubkonnect-sandbox').update(seed).digest();
}

/** A number in [0, 1) fixed by the seed. */
export function fraction(seed: string): number {
  return digest(seed).readUInt32BE(0) / 2 ** 32;
}

/** Deterministic digits for order ids, tokens, serials and PINs. */
export function digits(seed: string, count: number): string {
  let out = '';
  for (let round = 0; out.length < count; round++) {
    for (const byte of digest(`${seed}:${round}`)) out += String(byte % 10);
  }
  return out.slice(0, count);
}

const FIRST = ['ADAEZE', 'BABATUNDE', 'CHIDI', 'FUNKE', 'HAUWA', 'IFEANYI', 'KEMI', 'MUSA', 'NNEKA', 'SEGUN'];
const LAST = ['OKEKE', 'ADEBAYO', 'BELLO', 'EZE', 'IBRAHIM', 'OKAFOR', 'OLADIPO', 'UCHE', 'YUSUF', 'ADAMU'];

/** A customer name fixed by the number. */
export function customerName(number: string): string {
  const n = digest(`name:${number}`);
  return `${FIRST[n[0]! % FIRST.length]} ${LAST[n[1]! % LAST.length]}`;
}

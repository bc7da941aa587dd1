import { createHmac } from 'node:crypto';
import type { SandboxService } from './catalogue.js';

/**
 * The documented test values: what a billersCode or phone makes the sandbox do. The
 * upstream's own are 12-digit numbers that are not valid Nigerian phones, so each has a
 * phone-shaped twin that passes our phone rules (for airtime, data and exam PINs).
 */
export const SANDBOX_VALUES = {
  success: '08011111111',
  /** Pending on pay, delivered on the next requery. */
  pending: '201000000000',
  unexpected: '500000000000',
  noResponse: '400000000000',
  timeout: '300000000000',
  pendingPhone: '08012010000',
  unexpectedPhone: '08015000000',
  noResponsePhone: '08014000000',
  timeoutPhone: '08013000000',
  /** Ours: fails on pay (the upstream fails any other value; we deliver them, for demos). */
  failure: '08000000000',
  prepaidMeter: '1111111111111',
  postpaidMeter: '1010101010101',
  smartcard: '1212121212',
  /** The JAMB profile ID the upstream's sandbox verifies and sells on. */
  jambProfile: '0123456789',
} as const;

export type SandboxBehaviour = 'delivered' | 'pending' | 'unexpected' | 'no-response' | 'timeout' | 'failed';

/**
 * What a pay does with the judged value. Strict mode follows the upstream's sandbox to the
 * letter (unknown values fail); the default delivers them, so that a demo works with
 * real-looking numbers. `successes` are the values that deliver (the success phone unless
 * said). A configured failure rate fails that share of the others, chosen by request id so a
 * retry behaves the same.
 */
export function behaviourOf(
  value: string,
  options: { strict: boolean; failureRate: number; requestId: string; successes?: readonly string[] },
): SandboxBehaviour {
  if ((options.successes ?? [SANDBOX_VALUES.success]).includes(value)) return 'delivered';
  switch (value) {
    case SANDBOX_VALUES.pending:
    case SANDBOX_VALUES.pendingPhone:
      return 'pending';
    case SANDBOX_VALUES.unexpected:
    case SANDBOX_VALUES.unexpectedPhone:
      return 'unexpected';
    case SANDBOX_VALUES.noResponse:
    case SANDBOX_VALUES.noResponsePhone:
      return 'no-response';
    case SANDBOX_VALUES.timeout:
    case SANDBOX_VALUES.timeoutPhone:
      return 'timeout';
    case SANDBOX_VALUES.failure:
      return 'failed';
  }
  if (options.strict) return 'failed';
  if (options.failureRate > 0 && fraction(options.requestId) < options.failureRate) return 'failed';
  return 'delivered';
}

/** The fields of a pay that decide its outcome. */
export interface JudgedPay {
  phone: string;
  billersCode: string;
  variationCode: string;
}

/**
 * Which value the upstream's sandbox judges, as each service's page documents it: the phone
 * for airtime, data and WAEC PINs (success 08011111111); the billersCode for bills, where
 * the success value is the meter of the meter type paid (prepaid 1111111111111, postpaid
 * 1010101010101), the smartcard 1212121212, or (JAMB) the profile ID 0123456789. The
 * pending, unexpected, no-response and timeout values work on the judged value everywhere.
 */
export function payBehaviour(
  service: SandboxService,
  pay: JudgedPay,
  options: { strict: boolean; failureRate: number; requestId: string },
): SandboxBehaviour {
  switch (billersCodeRole(service)) {
    case 'meter': {
      const meter =
        pay.variationCode === 'prepaid'
          ? SANDBOX_VALUES.prepaidMeter
          : pay.variationCode === 'postpaid'
            ? SANDBOX_VALUES.postpaidMeter
            : null;
      return behaviourOf(pay.billersCode, { ...options, successes: meter ? [meter] : [] });
    }
    case 'smartcard':
      return behaviourOf(pay.billersCode, { ...options, successes: [SANDBOX_VALUES.smartcard] });
    case 'profile':
      return behaviourOf(pay.billersCode, { ...options, successes: [SANDBOX_VALUES.jambProfile] });
    case 'phone':
    case null:
      return behaviourOf(pay.phone, options);
  }
}

/**
 * What a service's billersCode is, at the upstream: the phone to credit (data), a meter, a
 * smartcard, a JAMB profile ID, or nothing (airtime and WAEC PINs take none).
 */
export function billersCodeRole(service: SandboxService): 'phone' | 'meter' | 'smartcard' | 'profile' | null {
  switch (service.category) {
    case 'data':
      return 'phone';
    case 'electricity-bill':
      return 'meter';
    case 'tv-subscription':
      return 'smartcard';
    case 'education':
      return service.serviceID === 'jamb' ? 'profile' : null;
    case 'airtime':
      return null;
  }
}

function digest(seed: string): Buffer {
  return createHmac('sha256', 'agentdesk-sandbox').update(seed).digest();
}

/** A number in [0, 1) fixed by the seed. */
export function fraction(seed: string): number {
  return digest(seed).readUInt32BE(0) / 2 ** 32;
}

/** Deterministic digits for tokens, serials and PINs. */
export function digits(seed: string, count: number): string {
  let out = '';
  for (let round = 0; out.length < count; round++) {
    for (const byte of digest(`${seed}:${round}`)) out += String(byte % 10);
  }
  return out.slice(0, count);
}

/** A 20-digit prepaid token, grouped by four as the upstream sends it. */
export function sandboxToken(requestId: string): string {
  return digits(`token:${requestId}`, 20).replace(/(\d{4})(?=\d)/g, '$1 ');
}

const FIRST = [
  'Adaeze',
  'Babatunde',
  'Chinedu',
  'Fatima',
  'Ibrahim',
  'Ngozi',
  'Oluwaseun',
  'Yetunde',
  'Emeka',
  'Zainab',
];
const LAST = ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Abubakar', 'Okonkwo', 'Adebayo', 'Nwosu', 'Lawal', 'Obi'];

/** An address fixed by the account number. */
export function customerAddress(number: string): string {
  return `${digits(`addr:${number}`, 2)} Adeola Odeku Street, Victoria Island, Lagos`;
}

/** A customer name fixed by the account number. */
export function customerName(number: string): string {
  const n = digest(`name:${number}`);
  return `${FIRST[n[0]! % FIRST.length]} ${LAST[n[1]! % LAST.length]}`.toUpperCase();
}

/**
 * The sandbox's merchant-verify answer for a smartcard: the documented test card, or (unless
 * strict) any 10 or 11 digits not starting 999, on a bouquet fixed by the number, which its
 * renewal pays. The upstream's documented answer names the bouquet, not its code.
 */
export function sandboxSmartcard(
  service: SandboxService,
  number: string,
  options: { strict: boolean; now: Date },
): { code: '000'; content: Record<string, unknown> } {
  const known = number === SANDBOX_VALUES.smartcard;
  const plausible = !options.strict && /^\d{10,11}$/.test(number) && !number.startsWith('999');
  if (!known && !plausible)
    return { code: '000', content: { error: 'Smartcard number is not valid', WrongBillersCode: true } };
  const bouquets = service.variations ?? [];
  const current = bouquets[Number(digits(`bouquet:${number}`, 1)) % Math.max(1, bouquets.length)];
  return {
    code: '000',
    content: {
      Customer_Name: customerName(number),
      Status: 'ACTIVE',
      Due_Date: new Date(options.now.getTime() + 12 * 86_400_000).toISOString().slice(0, 10),
      Customer_Number: digits(`cust:${number}`, 9),
      Customer_Type: service.serviceID.toUpperCase(),
      Current_Bouquet: current?.name ?? 'Unknown',
      Renewal_Amount: current?.amount ?? 0,
    },
  };
}

/**
 * The sandbox's merchant-verify answer for a JAMB profile ID: the documented test profile, or
 * (unless strict) any 10 digits not starting 999. The upstream answers the candidate's name.
 */
export function sandboxJambProfile(
  number: string,
  options: { strict: boolean },
): { code: '000'; content: Record<string, unknown> } {
  const known = number === SANDBOX_VALUES.jambProfile;
  const plausible = !options.strict && /^\d{10}$/.test(number) && !number.startsWith('999');
  if (!known && !plausible)
    return { code: '000', content: { error: 'Profile ID is not valid', WrongBillersCode: true } };
  return {
    code: '000',
    content: {
      Customer_Name: customerName(number),
      commission_details: { amount: null, rate: '1.50', rate_type: 'percent', computation_type: 'default' },
    },
  };
}

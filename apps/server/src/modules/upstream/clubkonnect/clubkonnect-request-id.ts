import { newReadableCode } from '../../../lib/secrets.js';
import { lagosStamp } from '../vtpass/request-id.js';

/** Upper case and digits only: the upstream's lookups may well ignore case, so two ids never differ by it alone. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * A Clubkonnect `RequestID`: ours, unique, alphanumeric and at most 20 characters (integrators
 * keep to that; the exact limit is not published): the Lagos date and minute `YYMMDDHHII`, then
 * ten random characters (36^10 ids a minute). It is sent with the pay and is what a requery
 * asks by, so it is made once per attempt and never reused for another.
 *
 * @example newClubkonnectRequestId(new Date('2026-02-07T17:30:00Z')) // '2602071830' + 10 random characters
 */
export function newClubkonnectRequestId(at: Date): string {
  return `${lagosStamp(at).slice(2)}${newReadableCode(10, ALPHABET)}`;
}

/** Whether an id has the form this adapter makes. */
export function isClubkonnectRequestId(requestId: string): boolean {
  return /^\d{10}[A-Z0-9]{10}$/.test(requestId);
}

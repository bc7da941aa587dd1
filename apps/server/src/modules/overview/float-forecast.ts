import { displayNaira } from '@agentdesk/contract/money';

const HOUR_MS = 3_600_000;

export interface FloatForecast {
  /** What the rest of the Lagos day would take at today's rate; null without a rate. */
  needed: bigint | null;
  warning: boolean;
  note: string;
}

/**
 * Will the upstream float last the rest of today?
 *
 * The rule: today's rate is what the upstream took today so far per hour elapsed since Lagos
 * midnight; the rest of the day needs that rate × the hours left until the next Lagos
 * midnight. The float warns when its balance is below that need. In integers:
 * `needed = spent × msLeft / msElapsed` (kobo, rounded up, so a balance exactly at the need
 * still passes and one kobo less warns).
 *
 * Example: at 15:00 in Lagos, 15 hours have elapsed and 9 are left; ₦300,000 spent so far is
 * ₦20,000 an hour, so the rest of the day needs ₦180,000: a float of ₦150,000 warns, one of
 * ₦200,000 does not.
 *
 * `spent` is the upstream's cost of today's delivered orders when orders record it; until they
 * do, the caller passes their face value, which the upstream's charge never exceeds (it charges
 * face value less its commission): the forecast then errs on the side of warning early.
 * Nothing spent yet today (or no time elapsed) is no rate, and no warning.
 */
export function forecastFloat(input: {
  /** Kobo; null when the float was never read. */
  balance: bigint | null;
  /** Kobo the upstream took today so far (or its upper bound, see above). */
  spent: bigint;
  /** Whether `spent` is the face value standing in for an unrecorded cost. */
  spentIsFaceValue: boolean;
  now: Date;
  dayStart: Date;
  dayEnd: Date;
}): FloatForecast {
  const { balance, spent, now, dayStart, dayEnd } = input;
  if (balance === null) return { needed: null, warning: false, note: 'The upstream balance has not been read yet.' };
  const elapsedMs = BigInt(Math.max(0, now.getTime() - dayStart.getTime()));
  const leftMs = BigInt(Math.max(0, dayEnd.getTime() - now.getTime()));
  if (spent <= 0n || elapsedMs === 0n) {
    return { needed: null, warning: false, note: 'Nothing sold today yet, so there is no rate to forecast from.' };
  }
  const needed = (spent * leftMs + elapsedMs - 1n) / elapsedMs;
  const perHour = (spent * BigInt(HOUR_MS)) / elapsedMs;
  const basis = input.spentIsFaceValue ? 'face value' : 'cost';
  const rate = `today’s rate (${displayNaira(perHour)} an hour at ${basis})`;
  if (balance < needed) {
    return {
      needed,
      warning: true,
      note: `At ${rate}, the rest of today needs about ${displayNaira(needed)}, more than the ${displayNaira(balance)} at the upstream. Top up the upstream wallet before it runs out.`,
    };
  }
  return {
    needed,
    warning: false,
    note: `Enough for the rest of today at ${rate}: about ${displayNaira(needed)} more is needed.`,
  };
}

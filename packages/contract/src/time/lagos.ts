/** Africa/Lagos keeps UTC+1 all year (no daylight saving). */
export const LAGOS_OFFSET = '+01:00';

/**
 * The start of a Lagos calendar day (`YYYY-MM-DD`), or of the day `days` later: an inclusive
 * range of dates `from`..`to` is `[lagosDayStart(from), lagosDayStart(to, 1))`.
 */
export function lagosDayStart(date: string, days = 0): Date {
  return new Date(new Date(`${date}T00:00:00${LAGOS_OFFSET}`).getTime() + days * 86_400_000);
}

/** Africa/Lagos is UTC+1 all year (no daylight saving): days are computed with a fixed offset. */
export const LAGOS_OFFSET_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The Lagos calendar date (`YYYY-MM-DD`) of an instant. */
export function lagosDate(instant: Date): string {
  return new Date(instant.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Lagos calendar date begins, `days` later for an exclusive end. */
export function lagosDayStart(date: string, days = 0): Date {
  return new Date(Date.parse(`${date}T00:00:00+01:00`) + days * DAY_MS);
}

/** An instant as Lagos local time with its offset: `2026-11-22T09:15:00+01:00`. */
export function lagosIso(instant: Date): string {
  return `${new Date(instant.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 19)}+01:00`;
}

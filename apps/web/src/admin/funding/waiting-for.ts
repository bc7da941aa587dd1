const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A report waiting longer than this is late: an agent has been without their money for a day. */
export const LATE_AFTER_MS = DAY;

/**
 * How long a report has waited, in the words an operator scans a queue by.
 *
 * @example waitingFor('2026-11-25T08:00:00Z', Date.parse('2026-11-25T10:05:00Z')) // '2 h 5 min'
 */
export function waitingFor(sinceIso: string, now: number): string {
  const since = Date.parse(sinceIso);
  if (!Number.isFinite(since)) return 'unknown';
  const waited = Math.max(0, now - since);
  if (waited < MINUTE) return 'less than a minute';
  if (waited < HOUR) return `${Math.floor(waited / MINUTE)} min`;
  if (waited < DAY) {
    const hours = Math.floor(waited / HOUR);
    const minutes = Math.floor((waited % HOUR) / MINUTE);
    return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  }
  const days = Math.floor(waited / DAY);
  const hours = Math.floor((waited % DAY) / HOUR);
  const dayWord = days === 1 ? 'day' : 'days';
  return hours > 0 ? `${days} ${dayWord} ${hours} h` : `${days} ${dayWord}`;
}

export function isLate(sinceIso: string, now: number): boolean {
  return now - Date.parse(sinceIso) >= LATE_AFTER_MS;
}

const time = new Intl.DateTimeFormat('en-NG', { timeStyle: 'medium', timeZone: 'Africa/Lagos' });

/**
 * The time of an instant in Lagos with seconds, as the overview says when it was updated (a
 * poll every 30 s would look stuck without them).
 *
 * @example lagosTime('2026-11-25T11:11:05Z') // '12:11:05'
 */
export function lagosTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : time.format(date);
}

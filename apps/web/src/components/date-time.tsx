/** How a timestamp is written for agents (the prerendered home's head script writes it the same way). */
export const LAGOS_DATE_TIME = {
  locale: 'en-NG',
  options: { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' },
} as const satisfies { locale: string; options: Intl.DateTimeFormatOptions };

// Made on first use: a page's first date formatter costs its phone about 100 ms (the zone's and
// the calendar's data), which a screen that shows no date (a new agent's home) never pays.
let lagos: Intl.DateTimeFormat | undefined;
let lagosDate: Intl.DateTimeFormat | undefined;

/** A timestamp as agents read it: Lagos time, whatever the phone's zone. */
export function formatDateTime(iso: string, withTime = true): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (withTime) {
    lagos ??= new Intl.DateTimeFormat(LAGOS_DATE_TIME.locale, LAGOS_DATE_TIME.options);
    return lagos.format(date);
  }
  lagosDate ??= new Intl.DateTimeFormat(LAGOS_DATE_TIME.locale, {
    dateStyle: LAGOS_DATE_TIME.options.dateStyle,
    timeZone: LAGOS_DATE_TIME.options.timeZone,
  });
  return lagosDate.format(date);
}

export function DateTime({ value, withTime = true }: { value: string; withTime?: boolean }) {
  return <time dateTime={value}>{formatDateTime(value, withTime)}</time>;
}

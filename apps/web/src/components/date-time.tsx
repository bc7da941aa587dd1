const lagos = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' });
const lagosDate = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'Africa/Lagos' });

/** A timestamp as agents read it: Lagos time, whatever the phone's zone. */
export function formatDateTime(iso: string, withTime = true): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (withTime ? lagos : lagosDate).format(date);
}

export function DateTime({ value, withTime = true }: { value: string; withTime?: boolean }) {
  return <time dateTime={value}>{formatDateTime(value, withTime)}</time>;
}

/**
 * A wait in the words a person would say: "30 seconds", "about a minute", "about 12 minutes",
 * "about 2 hours". Under a minute it is exact (rounded up to the second, at least 1); above,
 * rounded to the nearest minute or hour, hence "about".
 */
export function durationInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 2) return 'about a minute';
  if (minutes < 60) return `about ${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours < 2 ? 'about an hour' : `about ${hours} hours`;
}

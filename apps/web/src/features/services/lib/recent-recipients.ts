/** How many recipients a service remembers. */
export const RECENT_LIMIT = 5;

function keyOf(service: string): string {
  return `agentdesk.recent.${service}`;
}

/**
 * The last recipients (phones, meters, smartcards) a service sold to on this device, newest
 * first. Kept in localStorage: a kiosk sells to the same customers again and again.
 */
export function readRecent(service: string, storage: Storage = window.localStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(keyOf(service)) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((item): item is string => typeof item === 'string').slice(0, RECENT_LIMIT)
      : [];
  } catch {
    return [];
  }
}

/** Puts a recipient first (once) and keeps the last five; answers the new list. */
export function rememberRecent(service: string, recipient: string, storage: Storage = window.localStorage): string[] {
  const next = [recipient, ...readRecent(service, storage).filter((item) => item !== recipient)].slice(0, RECENT_LIMIT);
  try {
    storage.setItem(keyOf(service), JSON.stringify(next));
  } catch {
    // Storage full or blocked (private mode): the sale matters, the shortcut does not.
  }
  return next;
}

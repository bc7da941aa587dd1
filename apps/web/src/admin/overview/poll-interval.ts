/** How often the overview asks again while it is open: figures a minute old at worst. */
export const DEFAULT_POLL_SECONDS = 30;
const MIN_POLL_SECONDS = 2;
const MAX_POLL_SECONDS = 600;

/**
 * The overview's polling interval in ms, from the page's `?refresh=<seconds>` (a wall screen
 * may want it quicker, a slow line slower), kept between 2 s and 10 min; 30 s otherwise.
 *
 * @example pollIntervalMs('?refresh=5') // 5000
 */
export function pollIntervalMs(search: string): number {
  const asked = new URLSearchParams(search).get('refresh');
  const seconds = asked !== null && /^\d+$/.test(asked) ? Number(asked) : DEFAULT_POLL_SECONDS;
  return Math.min(MAX_POLL_SECONDS, Math.max(MIN_POLL_SECONDS, seconds)) * 1000;
}

/**
 * The requery worker's defaults, written once: the configuration's (REQUERY_BACKOFF_SECONDS,
 * REQUERY_CONCURRENCY) and the purchases service's when it is built without them (tests).
 */
export const REQUERY_DEFAULTS = {
  /** Seconds before each requery of an unresolved order, by requeries made; the last repeats. */
  backoffSeconds: [10, 30, 60, 120, 300, 600, 1800],
  /** How many orders one worker asks the upstream about at once. */
  concurrency: 20,
} as const;

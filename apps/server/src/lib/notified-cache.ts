import type { Notifications } from '../db/notifications.js';
import type { Clock } from './clock.js';

export interface NotifiedCacheOptions<V> {
  notifications: Notifications;
  /** The channel the tables' triggers notify when a cached row changes (migration 017). */
  channel: string;
  clock: Clock;
  /** How long an entry may be served at most, as a backstop: notifications do the real work. */
  ttlMs: number;
  maxEntries: number;
  /** Whether a notification's payload concerns this entry; without it, any notification empties the cache. */
  concerns?: (payload: string, value: V) => boolean;
}

export interface NotifiedCache<K, V> {
  /** The value stored for key, while it is fresh and notifications are arriving. */
  cached(key: K): V | undefined;
  /**
   * Loads the value, keeps it unless a change was notified while it loaded (it may then be
   * the value from before the change), and answers it. Nothing is kept for undefined.
   */
  load(key: K, loader: () => Promise<V | undefined>): Promise<V | undefined>;
  /** The cached value, or else `load`'s. */
  get(key: K, loader: () => Promise<V | undefined>): Promise<V | undefined>;
  forget(key: K): void;
}

/**
 * A cache of database rows that forgets them when PostgreSQL notifies a change (docs/decisions/026).
 * Every notification, on any instance, is delivered once the change commits; a load that
 * overlapped a notification is not kept, so a row read before a change cannot outlive it.
 */
export async function createNotifiedCache<K, V>(options: NotifiedCacheOptions<V>): Promise<NotifiedCache<K, V>> {
  const { notifications, clock, ttlMs, maxEntries, concerns } = options;
  const entries = new Map<K, { value: V; storedAt: number }>();
  // Counts the notifications seen: a load keeps its value only if none arrived meanwhile.
  let changes = 0;

  await notifications.listen(options.channel, {
    notice(payload) {
      changes += 1;
      if (!concerns) return entries.clear();
      for (const [key, entry] of entries) if (concerns(payload, entry.value)) entries.delete(key);
    },
    lost() {
      changes += 1;
      entries.clear();
    },
  });

  const cache: NotifiedCache<K, V> = {
    cached(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (!notifications.live || clock.now().getTime() - entry.storedAt >= ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    async load(key, loader) {
      const before = changes;
      const value = await loader();
      if (value !== undefined && before === changes && notifications.live) {
        entries.delete(key);
        entries.set(key, { value, storedAt: clock.now().getTime() });
        // A Map iterates in insertion order: the first key is the oldest stored.
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value as K);
      }
      return value;
    },
    get(key, loader) {
      const value = cache.cached(key);
      return value === undefined ? cache.load(key, loader) : Promise.resolve(value);
    },
    forget(key) {
      entries.delete(key);
    },
  };
  return cache;
}

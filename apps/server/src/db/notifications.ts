/**
 * PostgreSQL's LISTEN/NOTIFY as the caches see it: word of a committed change, from this
 * instance or any other on the same database (docs/decisions/026).
 */
export interface NotificationHandlers {
  /** A notification on the channel, committed by any connection. */
  notice(payload: string): void;
  /** Notifications may have been missed (the listening connection dropped): forget everything. */
  lost(): void;
}

export interface Notifications {
  /** Delivers the channel's notifications to `handlers` from now on. */
  listen(channel: string, handlers: NotificationHandlers): Promise<void>;
  /**
   * Whether notifications are arriving: false while the listening connection is down, and
   * then nothing may be served from a cache that relies on them.
   */
  readonly live: boolean;
  /**
   * Resolves once every notification committed before the call has reached its handlers: a
   * write awaits it after its commit, so that this instance's next request sees the change.
   */
  delivered(): Promise<void>;
  close(): Promise<void>;
}

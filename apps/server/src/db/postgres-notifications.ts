import pg from 'pg';
import type { NotificationHandlers, Notifications } from './notifications.js';

const RECONNECT_MS = 1_000;

/**
 * One connection of its own that LISTENs, outside the pool (a pooled connection is shared and
 * would take its LISTEN back to the pool). When it drops, every handler hears `lost` and
 * `live` is false until it is back and listening again, then `lost` once more.
 */
export function openPostgresNotifications(
  url: string,
  // How operators tell this connection apart in pg_stat_activity.
  applicationName = 'agentdesk-notifications',
): Notifications {
  const channels = new Map<string, NotificationHandlers[]>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const tellLost = () => {
    for (const handlers of channels.values()) for (const handler of handlers) handler.lost();
  };

  const drop = (dropped: pg.Client) => {
    if (client !== dropped) return;
    client = undefined;
    live = false;
    tellLost();
    void dropped.end().catch(() => undefined);
    if (!closed) {
      retry = setTimeout(() => void connect(), RECONNECT_MS);
      retry.unref();
    }
  };

  const connect = (): Promise<void> => {
    clearTimeout(retry);
    // One listening connection at a time: a retry and a new channel's first listen may both ask.
    if (client) return connecting ?? Promise.resolve();
    connecting = (async () => {
      const next = new pg.Client({ connectionString: url, application_name: applicationName });
      next.on('error', () => drop(next));
      next.on('end', () => drop(next));
      next.on('notification', (message) => {
        for (const handler of channels.get(message.channel) ?? []) handler.notice(message.payload ?? '');
      });
      try {
        client = next;
        await next.connect();
        for (const channel of channels.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        if (closed || client !== next) return void (await next.end().catch(() => undefined));
        // Anything cached while the connection was down was not cached (not live); this tells
        // the handlers to start afresh all the same.
        tellLost();
        live = true;
      } catch {
        drop(next);
      }
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return {
    get live() {
      return live;
    },
    async listen(channel, handlers) {
      const known = channels.get(channel);
      if (known) return void known.push(handlers);
      channels.set(channel, [handlers]);
      if (connecting) await connecting;
      if (client && live) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      else if (!client) await connect();
    },
    async delivered() {
      // A notification committed before this query reaches the listening connection before
      // the query's answer does: the committing backend signalled ours before its COMMIT returned.
      if (client && live) await client.query('SELECT 1').catch(() => undefined);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      live = false;
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}

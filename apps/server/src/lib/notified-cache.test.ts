import { describe, expect, it } from 'vitest';
import type { NotificationHandlers, Notifications } from '../db/notifications.js';
import { createTestClock } from '../test/test-clock.js';
import { createNotifiedCache } from './notified-cache.js';

/** Notifications the test sends by hand, with a switch for the listening connection. */
function manualNotifications() {
  const handlers = new Map<string, NotificationHandlers>();
  const state = { live: true };
  const notifications: Notifications = {
    get live() {
      return state.live;
    },
    listen: async (channel, h) => void handlers.set(channel, h),
    delivered: async () => undefined,
    close: async () => undefined,
  };
  return {
    notifications,
    notify: (payload: string) => handlers.get('rows')!.notice(payload),
    drop: () => {
      state.live = false;
      handlers.get('rows')!.lost();
    },
    reconnect: () => {
      handlers.get('rows')!.lost();
      state.live = true;
    },
  };
}

type Row = { owner: string; value: number };

async function setUp(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const feed = manualNotifications();
  const clock = createTestClock();
  const cache = await createNotifiedCache<string, Row>({
    notifications: feed.notifications,
    channel: 'rows',
    clock,
    ttlMs: options.ttlMs ?? 60_000,
    maxEntries: options.maxEntries ?? 100,
    concerns: (owner, row) => row.owner === owner,
  });
  let reads = 0;
  const table = new Map<string, Row>([
    ['a', { owner: 'ann', value: 1 }],
    ['b', { owner: 'ben', value: 2 }],
    ['c', { owner: 'ann', value: 3 }],
  ]);
  const read = (key: string) =>
    cache.get(key, async () => {
      reads += 1;
      const row = table.get(key);
      return row && { ...row };
    });
  return { feed, clock, cache, table, read, reads: () => reads };
}

describe('a cache forgotten by notifications', () => {
  it('reads a row once, then serves it until a notification concerns it', async () => {
    const s = await setUp();
    expect(await s.read('a')).toEqual({ owner: 'ann', value: 1 });
    expect(await s.read('a')).toEqual({ owner: 'ann', value: 1 });
    expect(await s.read('b')).toEqual({ owner: 'ben', value: 2 });
    expect(s.reads()).toBe(2);

    s.table.set('a', { owner: 'ann', value: 10 });
    s.feed.notify('ann');
    expect(await s.read('a')).toEqual({ owner: 'ann', value: 10 });
    // Ben's row was not concerned: still served from memory.
    expect(await s.read('b')).toEqual({ owner: 'ben', value: 2 });
    expect(s.reads()).toBe(3);
  });

  it('does not keep a row read while a change was notified: it may predate the change', async () => {
    const s = await setUp();
    const loading = s.cache.load('a', async () => {
      const before = { ...s.table.get('a')! };
      // The change commits and is notified while the old row is on its way back.
      s.table.set('a', { owner: 'ann', value: 10 });
      s.feed.notify('ann');
      return before;
    });
    expect(await loading).toEqual({ owner: 'ann', value: 1 });
    expect(s.cache.cached('a')).toBeUndefined();
    expect(await s.read('a')).toEqual({ owner: 'ann', value: 10 });
  });

  it('serves nothing and keeps nothing while notifications are not arriving, and starts afresh after', async () => {
    const s = await setUp();
    await s.read('a');
    s.feed.drop();
    s.table.set('a', { owner: 'ann', value: 10 });
    expect(await s.read('a')).toEqual({ owner: 'ann', value: 10 });
    expect(await s.read('a')).toEqual({ owner: 'ann', value: 10 });
    expect(s.reads()).toBe(3);
    s.feed.reconnect();
    await s.read('a');
    await s.read('a');
    expect(s.reads()).toBe(4);
  });

  it('reads again once an entry is older than its time to live', async () => {
    const s = await setUp({ ttlMs: 1_000 });
    await s.read('a');
    s.clock.advance(999);
    await s.read('a');
    expect(s.reads()).toBe(1);
    s.clock.advance(1);
    await s.read('a');
    expect(s.reads()).toBe(2);
  });

  it('keeps at most maxEntries, dropping the oldest stored, and never keeps a missing row', async () => {
    const s = await setUp({ maxEntries: 2 });
    await s.read('a');
    await s.read('b');
    await s.read('c');
    expect(s.cache.cached('a')).toBeUndefined();
    expect(s.cache.cached('b')).toEqual({ owner: 'ben', value: 2 });
    expect(s.cache.cached('c')).toEqual({ owner: 'ann', value: 3 });
    expect(await s.read('nobody')).toBeUndefined();
    expect(await s.read('nobody')).toBeUndefined();
    expect(s.reads()).toBe(5);
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openPostgresNotifications } from './postgres-notifications.js';
import type { Notifications } from './notifications.js';

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('this file runs in project server-postgres, with TEST_DATABASE_URL');

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 5_000) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Project server-postgres only (vitest.config.ts): PGlite has one connection, whose commits
// notify before they return; a real PostgreSQL's listener is a connection of its own, which
// can drop.
describe('notifications on PostgreSQL', () => {
  const channel = `test_${randomBytes(6).toString('hex')}`;
  const heard: string[] = [];
  let lost = 0;
  let notifications: Notifications;
  let writer: pg.Client;

  beforeAll(async () => {
    notifications = openPostgresNotifications(url, channel);
    await notifications.listen(channel, { notice: (payload) => heard.push(payload), lost: () => (lost += 1) });
    writer = new pg.Client({ connectionString: url });
    await writer.connect();
  });
  afterAll(async () => {
    await notifications.close();
    await writer.end();
  });

  it('delivers what another connection committed by the time delivered() resolves', async () => {
    expect(notifications.live).toBe(true);
    for (let i = 0; i < 200; i++) {
      await writer.query('SELECT pg_notify($1, $2)', [channel, String(i)]);
      await notifications.delivered();
      expect(heard.at(-1)).toBe(String(i));
    }
    await writer.query('BEGIN');
    await writer.query('SELECT pg_notify($1, $2)', [channel, 'rolled back']);
    await writer.query('ROLLBACK');
    await notifications.delivered();
    expect(heard).not.toContain('rolled back');
  });

  it('says so when its connection drops, is not live until it listens again, then says so again', async () => {
    const lostBefore = lost;
    const { rows } = await writer.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE application_name = $1`,
      [channel],
    );
    expect(rows).toHaveLength(1);
    await writer.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [rows.map((row) => row.pid)]);
    await until(() => lost > lostBefore, 'the drop to be heard');
    expect(notifications.live).toBe(false);
    await until(() => notifications.live, 'the listener to come back');
    expect(lost).toBe(lostBefore + 2);
    await writer.query('SELECT pg_notify($1, $2)', [channel, 'after']);
    await notifications.delivered();
    expect(heard.at(-1)).toBe('after');
  });
});

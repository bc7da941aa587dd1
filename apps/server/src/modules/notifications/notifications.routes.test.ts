import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNotification } from '@agentdesk/contract/notifications/notification';
import { DEMO_OPERATOR, seedDemoAccounts } from '../../seed/demo-accounts.js';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { insertNotification } from './notifications.repo.js';
import { encodeCursor } from './notifications.service.js';

const notes = (response: { body: { data?: unknown } }) => response.body.data as TNotification[];

describe('notifications', () => {
  let t: TestApp;
  let operator: string;
  let operatorId: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    await seedDemoAccounts(t.db, pino({ level: 'silent' }));
    const login = await t.request('POST', '/api/v1/admin/auth/login', {
      body: { identifier: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password },
    });
    operator = login.body.data.authorization.token;
    operatorId = login.body.data.user.id;
  });
  afterAll(() => t.close());

  const personal = (userId: string, title = 'Wallet funded') =>
    insertNotification(t.db, { userId, kind: 'funding', title, body: 'Your wallet was credited.', now: t.clock.now() });
  const broadcast = (title = 'Hello agents') =>
    insertNotification(t.db, {
      userId: null,
      kind: 'broadcast',
      title,
      body: 'News.',
      createdBy: operatorId,
      now: t.clock.now(),
    });

  it('starts empty, with a null cursor', async () => {
    const agent = await registerAgent(t);
    // Broadcasts of other tests may exist: count only after this point in a fresh list.
    const list = await t.request('GET', '/api/v1/agent/notify', { token: agent.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ message: 'OK', meta: { nextCursor: null } });
    expect(Array.isArray(list.body.data)).toBe(true);
    expect((await t.request('GET', '/api/v1/agent/notify')).status).toBe(401);
    expect((await t.request('GET', '/api/v1/agent/notify', { token: operator })).status).toBe(403);
  });

  it('lets operators broadcast to every agent; personal notifications stay personal', async () => {
    const ada = await registerAgent(t);
    const bayo = await registerAgent(t);
    t.clock.advance(1000);
    const posted = await t.request('POST', '/api/v1/admin/notifications', {
      token: operator,
      body: { title: '  Maintenance tonight ', body: 'Data purchases pause\nfrom 01:00 to 02:00.' },
    });
    expect(posted.status).toBe(201);
    expect(posted.body.data).toMatchObject({
      kind: 'broadcast',
      title: 'Maintenance tonight',
      body: 'Data purchases pause\nfrom 01:00 to 02:00.',
      createdAt: t.clock.now().toISOString(),
    });
    t.clock.advance(1000);
    const own = await personal(ada.user.id, 'Ada only');

    const adaList = await t.request('GET', '/api/v1/agent/notify', { token: ada.token });
    expect(notes(adaList).slice(0, 2)).toEqual([
      {
        id: own.id,
        kind: 'funding',
        title: 'Ada only',
        body: 'Your wallet was credited.',
        createdAt: t.clock.now().toISOString(),
        read: false,
      },
      { ...posted.body.data, read: false },
    ]);
    const bayoList = await t.request('GET', '/api/v1/agent/notify', { token: bayo.token });
    expect(bayoList.body.data[0]).toEqual({ ...posted.body.data, read: false });
    expect(notes(bayoList).map((note) => note.id)).not.toContain(own.id);

    // Not for agents, and every field checked.
    const asAgent = await t.request('POST', '/api/v1/admin/notifications', {
      token: ada.token,
      body: { title: 'x', body: 'y' },
    });
    expect(asAgent.status).toBe(403);
    const cases: Array<[unknown, string]> = [
      [{ body: 'x' }, 'title'],
      [{ title: '   ', body: 'x' }, 'title'],
      [{ title: 'x'.repeat(121), body: 'x' }, 'title'],
      [{ title: 'two\nlines', body: 'x' }, 'title'],
      [{ title: 'bell\u0007', body: 'x' }, 'title'],
      [{ title: 'x' }, 'body'],
      [{ title: 'x', body: 'x'.repeat(2001) }, 'body'],
      [{ title: 'x', body: 'zero\u200Bwidth' }, 'body'],
      [{ title: 'x', body: 5 }, 'body'],
      [{ title: 'x', body: 'x', userId: ada.user.id }, 'userId'],
    ];
    for (const [body, path] of cases) {
      const response = await t.request('POST', '/api/v1/admin/notifications', { token: operator, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(
        response.body.errors?.map((error) => error.path),
        JSON.stringify(body),
      ).toContain(path);
    }
  });

  it('reads and counts per agent, broadcasts included', async () => {
    const ada = await registerAgent(t);
    const bayo = await registerAgent(t);
    await t.request('POST', '/api/v1/agent/notify/read-all', { token: ada.token });
    await t.request('POST', '/api/v1/agent/notify/read-all', { token: bayo.token });
    const count = async (token: string) =>
      (await t.request('GET', '/api/v1/agent/notify/unread-count', { token })).body.data.count as number;
    expect(await count(ada.token)).toBe(0);

    t.clock.advance(1000);
    const news = await broadcast('Prices drop');
    const adaOwn = await personal(ada.user.id);
    const bayoOwn = await personal(bayo.user.id);
    expect(await count(ada.token)).toBe(2);
    expect(await count(bayo.token)).toBe(2);

    const read = await t.request('POST', `/api/v1/agent/notify/${news.id}/read`, { token: ada.token });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: news.id, read: true, title: 'Prices drop' });
    // Reading again is harmless.
    expect((await t.request('POST', `/api/v1/agent/notify/${news.id}/read`, { token: ada.token })).status).toBe(200);
    expect(await count(ada.token)).toBe(1);
    expect(await count(bayo.token)).toBe(2);
    const adaList = await t.request('GET', '/api/v1/agent/notify?limit=2', { token: ada.token });
    expect(notes(adaList).map((note) => [note.id, note.read])).toEqual(
      expect.arrayContaining([
        [news.id, true],
        [adaOwn.id, false],
      ]),
    );
    const bayoList = await t.request('GET', '/api/v1/agent/notify?limit=2', { token: bayo.token });
    expect(notes(bayoList).find((note) => note.id === news.id)?.read).toBe(false);

    // Another agent's notification is a 404, as a missing one is; a malformed id a 422.
    const foreign = await t.request('POST', `/api/v1/agent/notify/${bayoOwn.id}/read`, { token: ada.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('NOT_FOUND');
    expect(await count(bayo.token)).toBe(2);
    const missing = await t.request('POST', '/api/v1/agent/notify/00000000-0000-4000-8000-000000000000/read', {
      token: ada.token,
    });
    expect(missing.status).toBe(404);
    const malformed = await t.request('POST', '/api/v1/agent/notify/12/read', { token: ada.token });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors?.[0]?.path).toBe('id');

    const all = await t.request('POST', '/api/v1/agent/notify/read-all', { token: ada.token });
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual({ marked: 1 });
    expect(await count(ada.token)).toBe(0);
    expect(await count(bayo.token)).toBe(2);
    expect((await t.request('POST', '/api/v1/agent/notify/read-all', { token: ada.token })).body.data).toEqual({
      marked: 0,
    });
  });

  it('pages newest first without repeating or skipping a row while new rows arrive', async () => {
    const agent = await registerAgent(t);
    const other = await registerAgent(t);
    t.clock.advance(60_000);
    const expected: string[] = [];
    // 23 rows: personal and broadcast interleaved, several sharing one timestamp (ties break on id).
    for (let index = 0; index < 23; index++) {
      if (index % 4 !== 0) t.clock.advance(1);
      const row = index % 3 === 0 ? await broadcast(`b${index}`) : await personal(agent.user.id, `p${index}`);
      expected.push(row.id);
      await personal(other.user.id, 'not yours');
    }
    // The server's order in one request: ties on time break on id, newest first.
    const before = new Set<string>(
      notes(await t.request('GET', '/api/v1/agent/notify?limit=100', { token: agent.token })).map((note) => note.id),
    );
    for (const id of expected) expect(before.has(id)).toBe(true);

    const seen: Array<{ id: string; createdAt: string }> = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=5&cursor=${encodeURIComponent(cursor)}` : '?limit=5';
      const page = await t.request('GET', `/api/v1/agent/notify${query}`, { token: agent.token });
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(5);
      seen.push(...page.body.data);
      cursor = (page.body as unknown as { meta: { nextCursor: string | null } }).meta.nextCursor;
      pages++;
      // New rows arrive between pages: newer ones, and one at the very same instant.
      await broadcast(`late ${pages}`);
      t.clock.advance(5);
      await personal(agent.user.id, `late own ${pages}`);
    } while (cursor && pages < 50);

    const ids = seen.map((note) => note.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Every row that existed before the first page comes exactly once, in the one-request order.
    expect(ids.filter((id) => before.has(id))).toEqual([...before]);
    expect(ids.filter((id) => expected.includes(id))).toHaveLength(expected.length);
    for (let index = 1; index < seen.length; index++) {
      expect(seen[index]!.createdAt <= seen[index - 1]!.createdAt).toBe(true);
    }
  });

  it('lists broadcasts for operators, newest first, with how many agents read each', async () => {
    const ada = await registerAgent(t);
    const bayo = await registerAgent(t);
    t.clock.advance(60_000);
    const posted: string[] = [];
    for (const title of ['First', 'Second', 'Third']) {
      t.clock.advance(1000);
      const response = await t.request('POST', '/api/v1/admin/notifications', {
        token: operator,
        body: { title, body: `${title} news` },
      });
      posted.push(response.body.data.id as string);
    }
    await personal(ada.user.id, 'never in the operator list');
    await t.request('POST', `/api/v1/agent/notify/${posted[2]}/read`, { token: ada.token });
    await t.request('POST', `/api/v1/agent/notify/${posted[2]}/read`, { token: bayo.token });
    await t.request('POST', `/api/v1/agent/notify/${posted[1]}/read`, { token: bayo.token });

    const first = await t.request('GET', '/api/v1/admin/notifications?limit=2', { token: operator });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([
      {
        id: posted[2],
        title: 'Third',
        body: 'Third news',
        createdAt: t.clock.now().toISOString(),
        createdBy: DEMO_OPERATOR.username,
        readCount: 2,
      },
      expect.objectContaining({ id: posted[1], readCount: 1 }),
    ]);
    const cursor = (first.body as unknown as { meta: { nextCursor: string } }).meta.nextCursor;
    const second = await t.request('GET', `/api/v1/admin/notifications?limit=2&cursor=${cursor}`, {
      token: operator,
    });
    expect(second.body.data[0]).toMatchObject({ id: posted[0], title: 'First', readCount: 0 });
    expect((await t.request('GET', '/api/v1/admin/notifications', { token: ada.token })).status).toBe(403);
    const bad = await t.request('GET', '/api/v1/admin/notifications?limit=0', { token: operator });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.[0]?.path).toBe('limit');
  });

  it('pages by 20 by default, 100 at most, and refuses bad paging input naming the field', async () => {
    const agent = await registerAgent(t);
    for (let index = 0; index < 25; index++) await personal(agent.user.id, `n${index}`);
    const first = await t.request('GET', '/api/v1/agent/notify', { token: agent.token });
    expect(first.body.data).toHaveLength(20);
    const meta = (first.body as unknown as { meta: { nextCursor: string } }).meta;
    expect(meta.nextCursor).toEqual(expect.any(String));

    const bad: Array<[string, string]> = [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=2.5', 'limit'],
      ['cursor=', 'cursor'],
      ['cursor=nonsense', 'cursor'],
      [
        'cursor=' +
          Buffer.from('2026-02-31T00:00:00.000000Z|00000000-0000-4000-8000-000000000000').toString('base64url'),
        'cursor',
      ],
      ['cursor=' + Buffer.from('yesterday|x').toString('base64url'), 'cursor'],
      ['cursor=' + 'A'.repeat(300), 'cursor'],
      ['page=2', 'page'],
    ];
    for (const [query, path] of bad) {
      const response = await t.request('GET', `/api/v1/agent/notify?${query}`, { token: agent.token });
      expect(response.status, query).toBe(422);
      expect(
        response.body.errors?.map((error) => error.path),
        query,
      ).toContain(path);
    }
    for (const query of ['limit=1&limit=2', 'cursor=a&cursor=b', 'cursor=%00', 'limit=1e400', 'limit=-1']) {
      const response = await t.request('GET', `/api/v1/agent/notify?${query}`, { token: agent.token });
      expect(response.status, query).toBe(422);
    }
    // A well-formed cursor from nowhere simply pages from that point.
    const forged = encodeCursor({
      created_at_key: '2000-01-01T00:00:00.000000Z',
      id: '00000000-0000-4000-8000-000000000000',
    });
    const empty = await t.request('GET', `/api/v1/agent/notify?cursor=${forged}`, { token: agent.token });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual([]);
  });
});

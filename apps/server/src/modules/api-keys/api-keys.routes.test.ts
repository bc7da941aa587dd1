import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { operatorToken } from '../../test/test-operator.js';

const KEYS = '/api/v1/agent/api/keys';
const BALANCE = '/api/v1/reseller/balance';

describe('API keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(() => t.close());

  const create = (token: string) => t.request('POST', KEYS, { token });

  it('generates adk_ + 256 random bits, shows the secret once and keeps only its keyed hash', async () => {
    const { token, user } = await registerAgent(t);
    const response = await create(token);
    expect(response.status).toBe(201);
    expect(response.body.message).toMatch(/will not be shown again/);
    const key = response.body.data;
    expect(key.secret).toMatch(/^adk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.secret.slice(4), 'base64url')).toHaveLength(32);
    expect(key).toMatchObject({
      name: 'Key 1',
      prefix: key.secret.slice(0, 12),
      status: 'active',
      lastUsedAt: null,
      allowedIps: [],
    });

    // Stored: the HMAC under the 'api-keys' key derived from SECRET_KEY, never the key.
    const rows = await t.db.query<{ key_hash: Buffer }>('SELECT * FROM api_keys WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.key_hash).equals(t.app.serverSecret.keyedHash('api-keys', key.secret))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(key.secret.slice(12));

    const list = await t.request('GET', KEYS, { token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([{ ...key, secret: undefined }].map(({ secret: _, ...view }) => view));
    expect(JSON.stringify(list.body)).not.toContain(key.secret);
  });

  it('keeps at most five active keys, lists revoked ones as revoked, and allows a new one after a revoke', async () => {
    const { token } = await registerAgent(t);
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push((await create(token)).body.data);
      t.clock.advance(1000);
    }
    expect(made.map((key) => key.name)).toEqual(['Key 1', 'Key 2', 'Key 3', 'Key 4', 'Key 5']);

    const sixth = await create(token);
    expect(sixth.status).toBe(409);
    expect(sixth.body.code).toBe('CONFLICT');
    expect(sixth.body.message).toMatch(/5 active API keys.*Revoke one/);

    const revoked = await t.request('DELETE', `${KEYS}/${made[1].id}`, { token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ id: made[1].id, status: 'revoked' });
    // Revoking again answers the key as it is.
    expect((await t.request('DELETE', `${KEYS}/${made[1].id}`, { token })).body.data.status).toBe('revoked');

    const again = await create(token);
    expect(again.status).toBe(201);
    expect(again.body.data.name).toBe('Key 6');

    const list = (await t.request('GET', KEYS, { token })).body.data as Array<{ id: string; status: string }>;
    expect(list).toHaveLength(6);
    expect(list.filter((key) => key.status === 'active')).toHaveLength(5);
    // Active first, newest first; the revoked one last.
    expect(list[0]!.id).toBe(again.body.data.id);
    expect(list.at(-1)).toMatchObject({ id: made[1].id, status: 'revoked' });
  });

  it('makes exactly five of twelve concurrent creations', async () => {
    const { token, user } = await registerAgent(t);
    const results = await Promise.all(Array.from({ length: 12 }, () => create(token)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    const rows = await t.db.query<{ name: string }>(
      'SELECT name FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL ORDER BY name',
      [user.id],
    );
    expect(rows.map((row) => row.name)).toEqual(['Key 1', 'Key 2', 'Key 3', 'Key 4', 'Key 5']);
  });

  it('renames a key and sets its allow-list, naming a bad entry; a revoked key cannot change', async () => {
    const { token } = await registerAgent(t);
    const key = (await create(token)).body.data;

    const renamed = await t.request('PATCH', `${KEYS}/${key.id}`, { token, body: { name: '  My shop  ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'My shop', allowedIps: [] });

    const ips = await t.request('PATCH', `${KEYS}/${key.id}`, {
      token,
      body: { allowedIps: ['203.0.113.7', '10.0.0.0/8', '2001:DB8::/32', '203.0.113.7'] },
    });
    expect(ips.status).toBe(200);
    expect(ips.body.data).toMatchObject({
      name: 'My shop',
      allowedIps: ['203.0.113.7', '10.0.0.0/8', '2001:db8::/32'],
    });

    for (const bad of ['300.1.1.1', '10.0.0.0/33', 'localhost', '1.2.3.4/8/1', '2001:db8:::1']) {
      const refused = await t.request('PATCH', `${KEYS}/${key.id}`, { token, body: { allowedIps: ['1.1.1.1', bad] } });
      expect(refused.status, bad).toBe(422);
      expect(refused.body.errors?.[0]?.path, bad).toBe('allowedIps.1');
    }
    const empty = await t.request('PATCH', `${KEYS}/${key.id}`, { token, body: {} });
    expect(empty.status).toBe(422);
    const blank = await t.request('PATCH', `${KEYS}/${key.id}`, { token, body: { name: ' ' } });
    expect(blank.status).toBe(422);
    expect(blank.body.errors?.[0]?.path).toBe('name');

    await t.request('DELETE', `${KEYS}/${key.id}`, { token });
    const late = await t.request('PATCH', `${KEYS}/${key.id}`, { token, body: { name: 'Again' } });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/revoked/);
  });

  it("never shows or touches another agent's key", async () => {
    const owner = await registerAgent(t);
    const other = await registerAgent(t);
    const key = (await create(owner.token)).body.data;
    expect((await t.request('PATCH', `${KEYS}/${key.id}`, { token: other.token, body: { name: 'x' } })).status).toBe(
      404,
    );
    expect((await t.request('DELETE', `${KEYS}/${key.id}`, { token: other.token })).status).toBe(404);
    expect((await t.request('DELETE', `${KEYS}/${randomUUID()}`, { token: other.token })).status).toBe(404);
    expect((await t.request('GET', KEYS, { token: other.token })).body.data).toEqual([]);
    const still = (await t.request('GET', KEYS, { token: owner.token })).body.data[0];
    expect(still).toMatchObject({ name: 'Key 1', status: 'active' });
  });

  it('records the last use at most once a minute', async () => {
    const { token } = await registerAgent(t);
    const key = (await create(token)).body.data;
    const lastUsed = async () => (await t.request('GET', KEYS, { token })).body.data[0].lastUsedAt as string | null;

    expect((await t.request('GET', BALANCE, { token: key.secret })).status).toBe(200);
    const first = await lastUsed();
    expect(first).toBe(t.clock.now().toISOString());

    t.clock.advance(30_000);
    await t.request('GET', BALANCE, { token: key.secret });
    expect(await lastUsed()).toBe(first);

    t.clock.advance(31_000);
    await t.request('GET', BALANCE, { token: key.secret });
    expect(await lastUsed()).toBe(t.clock.now().toISOString());
  });

  // Keys are kept in memory once checked (decision 026): a revocation or a new allow-list made
  // anywhere, here by SQL as an operator's tool or another instance would, reaches them
  // through PostgreSQL's notifications; through the API, before it answers.
  it('refuses a kept key revoked or narrowed outside this instance as soon as the change is delivered', async () => {
    const { token } = await registerAgent(t);
    const [narrowed, revoked] = [(await create(token)).body.data, (await create(token)).body.data];
    for (const key of [narrowed, revoked]) {
      expect((await t.request('GET', BALANCE, { token: key.secret })).status).toBe(200);
    }
    await t.db.query(`UPDATE api_keys SET allowed_ips = '["203.0.113.7"]' WHERE id = $1`, [narrowed.id]);
    await t.db.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [revoked.id]);
    await t.db.notifications.delivered();
    expect((await t.request('GET', BALANCE, { token: narrowed.secret })).status).toBe(403);
    expect((await t.request('GET', BALANCE, { token: revoked.secret })).status).toBe(401);
  });

  it('refuses a kept key at once when its agent revokes it through the API', async () => {
    const { token } = await registerAgent(t);
    const key = (await create(token)).body.data;
    expect((await t.request('GET', BALANCE, { token: key.secret })).status).toBe(200);
    expect((await t.request('DELETE', `${KEYS}/${key.id}`, { token })).status).toBe(200);
    const refused = await t.request('GET', BALANCE, { token: key.secret });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('This API key has been revoked');
  });

  it('is for agents signed in: no token is a 401, an operator is refused', async () => {
    expect((await t.request('GET', KEYS)).status).toBe(401);
    expect((await t.request('POST', KEYS)).status).toBe(401);
    const operator = await operatorToken(t);
    expect((await t.request('POST', KEYS, { token: operator })).status).toBe(403);
  });
});

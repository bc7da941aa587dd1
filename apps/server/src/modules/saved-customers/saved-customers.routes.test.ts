import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_CUSTOMERS } from '@agentdesk/contract/saved-customers/saved-customer-fields';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';

interface Saved {
  id: string;
  kind: string;
  name: string;
  number: string;
  provider: string | null;
  meterType: string | null;
  createdAt: string;
}

const PATH = '/api/v1/agent/saved-customers';

describe('saved customers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function save(token: string, body: Record<string, unknown>) {
    return t.request('POST', PATH, { token, body });
  }

  async function list(token: string, query = '') {
    const response = await t.request('GET', `${PATH}${query}`, { token });
    expect(response.status).toBe(200);
    return {
      rows: response.body.data as Saved[],
      nextCursor: (response.body as unknown as { meta: { nextCursor: string | null } }).meta.nextCursor,
    };
  }

  it('saves a phone, a meter and a smartcard, lists them by name, by kind and by search, renames and forgets one', async () => {
    const agent = await registerAgent(t);
    const phone = await save(agent.token, { kind: 'phone', name: 'Mama Tunde', number: '+234 803 123 4567' });
    expect(phone.status).toBe(201);
    expect(phone.body.data).toMatchObject({
      kind: 'phone',
      name: 'Mama Tunde',
      number: '08031234567',
      provider: null,
      meterType: null,
      createdAt: t.clock.now().toISOString(),
    });
    const meter = await save(agent.token, {
      kind: 'meter',
      name: 'Bola shop',
      number: '1111111111111',
      disco: 'ikeja-electric',
      meterType: 'prepaid',
    });
    expect(meter.status).toBe(201);
    expect(meter.body.data).toMatchObject({ provider: 'ikeja-electric', meterType: 'prepaid' });
    const card = await save(agent.token, { kind: 'smartcard', name: 'chidi', number: '1212121212', provider: 'dstv' });
    expect(card.status).toBe(201);

    // By name, whatever the case: Bola, chidi, Mama.
    expect((await list(agent.token)).rows.map((row) => row.name)).toEqual(['Bola shop', 'chidi', 'Mama Tunde']);
    expect((await list(agent.token, '?kind=meter')).rows.map((row) => row.name)).toEqual(['Bola shop']);
    expect((await list(agent.token, '?q=TUNDE')).rows.map((row) => row.name)).toEqual(['Mama Tunde']);
    expect((await list(agent.token, '?q=1212')).rows.map((row) => row.name)).toEqual(['chidi']);
    // LIKE's wildcards are taken as the characters they are.
    expect((await list(agent.token, '?q=%25')).rows).toEqual([]);
    expect((await list(agent.token, '?q=_')).rows).toEqual([]);

    const cardId = (card.body.data as Saved).id;
    const renamed = await t.request('PATCH', `${PATH}/${cardId}`, {
      token: agent.token,
      body: { name: 'Chidi (DStv)' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: cardId, name: 'Chidi (DStv)', number: '1212121212' });

    expect((await t.request('DELETE', `${PATH}/${cardId}`, { token: agent.token })).status).toBe(200);
    expect((await list(agent.token)).rows.map((row) => row.name)).toEqual(['Bola shop', 'Mama Tunde']);
    expect((await t.request('DELETE', `${PATH}/${cardId}`, { token: agent.token })).status).toBe(404);
    expect((await t.request('GET', PATH)).status).toBe(401);
  });

  it('keeps each agent’s customers to themselves: another agent sees none, and cannot rename or delete them', async () => {
    const owner = await registerAgent(t);
    const other = await registerAgent(t);
    const saved = await save(owner.token, { kind: 'phone', name: 'Ngozi', number: '08055555555', network: 'glo' });
    const id = (saved.body.data as Saved).id;
    expect((await list(other.token)).rows).toEqual([]);
    expect((await list(other.token, '?q=Ngozi')).rows).toEqual([]);
    const rename = await t.request('PATCH', `${PATH}/${id}`, { token: other.token, body: { name: 'Mine now' } });
    expect(rename.status).toBe(404);
    expect((await t.request('DELETE', `${PATH}/${id}`, { token: other.token })).status).toBe(404);
    expect((await list(owner.token)).rows).toMatchObject([{ id, name: 'Ngozi', provider: 'glo' }]);
  });

  it('names the field of every bad input in a 422', async () => {
    const agent = await registerAgent(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'phone', name: 'A', number: '12345' }, 'number'],
      [{ kind: 'phone', name: '', number: '08031234567' }, 'name'],
      [{ kind: 'phone', name: 'x'.repeat(61), number: '08031234567' }, 'name'],
      [{ kind: 'phone', name: 'A', number: '08031234567', network: 'mtnn' }, 'network'],
      [{ kind: 'meter', name: 'A', number: '1111111111111', meterType: 'prepaid' }, 'disco'],
      [{ kind: 'meter', name: 'A', number: '11', disco: 'ikeja-electric', meterType: 'prepaid' }, 'number'],
      [{ kind: 'meter', name: 'A', number: '1111111111111', disco: 'ikeja-electric' }, 'meterType'],
      [{ kind: 'smartcard', name: 'A', number: '1212121212', provider: 'netflix' }, 'provider'],
      [{ kind: 'smartcard', name: 'A\u0000', number: '1212121212', provider: 'dstv' }, 'name'],
      [{ kind: 'bank', name: 'A', number: '1212121212' }, 'kind'],
    ];
    for (const [body, field] of cases) {
      const response = await save(agent.token, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(
        response.body.errors?.map((error) => error.path),
        JSON.stringify(body),
      ).toContain(field);
    }
    const badCursor = await t.request('GET', `${PATH}?cursor=bm90LWEtY3Vyc29y`, { token: agent.token });
    expect(badCursor.status).toBe(422);
    expect(badCursor.body.errors?.[0]?.path).toBe('cursor');
    expect((await t.request('GET', `${PATH}?kind=bank`, { token: agent.token })).status).toBe(422);
    expect((await t.request('PATCH', `${PATH}/not-an-id`, { token: agent.token, body: { name: 'A' } })).status).toBe(
      422,
    );
    expect((await list(agent.token)).rows).toEqual([]);
  });

  it('saves a number once: the second save says under which name, even when both arrive at once', async () => {
    const agent = await registerAgent(t);
    const body = { kind: 'meter', name: 'Shop', number: '1010101010101', disco: 'eko-electric', meterType: 'postpaid' };
    const answers = await Promise.all([
      save(agent.token, body),
      save(agent.token, { ...body, name: 'Shop again' }),
      save(agent.token, body),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    const kept = answers.find((answer) => answer.status === 201)!.body.data as Saved;
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body.message).toBe(`You already saved this meter as “${kept.name}”`);
      expect(refused.body.errors?.[0]?.path).toBe('number');
    }
    // The same meter at another disco is another customer.
    expect((await save(agent.token, { ...body, disco: 'ikeja-electric' })).status).toBe(201);
    expect((await list(agent.token)).rows).toHaveLength(2);
  });

  it(`keeps at most ${MAX_SAVED_CUSTOMERS}, however many saves arrive at once at the limit`, async () => {
    const agent = await registerAgent(t);
    await t.db.query(
      `INSERT INTO saved_customers (user_id, kind, number, provider, meter_type, name, created_at)
       SELECT $1, 'phone', '0803' || lpad(n::text, 7, '0'), 'mtn', NULL, 'Customer ' || n, now()
       FROM generate_series(1, $2::int) AS n`,
      [agent.user.id, MAX_SAVED_CUSTOMERS - 1],
    );
    const answers = await Promise.all(
      ['08111111111', '08122222222', '08133333333'].map((number) =>
        save(agent.token, { kind: 'phone', name: 'Late', number }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(
      `You can keep at most ${MAX_SAVED_CUSTOMERS} saved customers. Remove one you no longer sell to first.`,
    );
    const counted = await t.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM saved_customers WHERE user_id = $1',
      [agent.user.id],
    );
    expect(counted[0]?.count).toBe(MAX_SAVED_CUSTOMERS);
  });

  it('pages by cursor without repeating or skipping anyone, also when names repeat, by the name index', async () => {
    const agent = await registerAgent(t);
    const names = ['Ada', 'ada', 'Bayo', 'Bayo', 'Chi', 'Dapo', 'Emeka'];
    for (const [index, name] of names.entries()) {
      expect((await save(agent.token, { kind: 'phone', name, number: `0809000000${index}` })).status).toBe(201);
    }
    const seen: Saved[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { rows: Saved[]; nextCursor: string | null } = await list(
        agent.token,
        `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.rows);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen.map((row) => row.name.toLowerCase())).toEqual(['ada', 'ada', 'bayo', 'bayo', 'chi', 'dapo', 'emeka']);
    expect(new Set(seen.map((row) => row.id)).size).toBe(names.length);

    await t.db.query(
      `INSERT INTO saved_customers (user_id, kind, number, provider, meter_type, name, created_at)
       SELECT u.id, 'phone', '0803' || lpad(n::text, 7, '0'), '', NULL, 'Customer ' || n, now()
       FROM users u, generate_series(1, 200) AS n WHERE u.role = 'agent'`,
    );
    await t.db.query('ANALYZE saved_customers');
    const plan = await t.db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT * FROM saved_customers WHERE user_id = $1 AND (lower(name), id) > ($2, $3::uuid)
       ORDER BY lower(name), id LIMIT 51`,
      [agent.user.id, 'bayo', seen[3]!.id],
    );
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index Scan using saved_customers_user_name_idx/);
    expect(text).not.toMatch(/Sort|Seq Scan/);
  });
});

import type { AuditAction } from '@agentdesk/contract/admin/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type ApiResponse, type Envelope, type TestApp } from '../../test/test-app.js';
import { auditRowsOf, failCommitsWithAudit } from '../../test/test-audit.js';
import { operatorToken, operatorWithRole } from '../../test/test-operator.js';

const LEVELS = '/api/v1/admin/price-levels';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

interface LevelView {
  id: string;
  name: string;
  isDefault: boolean;
  agents: number;
  overrides: { services: number; plans: number };
}

/** Price levels as operators run them, over HTTP: every change checked, refused by role, and audited in its own transaction. */
describe('price levels for operators', () => {
  let t: TestApp;
  let owner: { id: string; token: string };
  let finance: { id: string; token: string };
  let support: { id: string; token: string };

  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '10000' } });
    const token = await operatorToken(t);
    owner = { id: (await t.request('GET', '/api/v1/admin/auth/me', { token })).body.data.id, token };
    finance = await operatorWithRole(t, token, 'finance');
    support = await operatorWithRole(t, token, 'support');
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token })).status).toBe(200);
  }, 60_000);
  afterAll(() => t?.close());

  const call = (as: { token: string }, method: string, path: string, body?: unknown): Promise<ApiResponse<Envelope>> =>
    t.request(method, path, { token: as.token, ...(body !== undefined ? { body } : {}) });

  const list = async () => (await call(support, 'GET', LEVELS)).body.data as LevelView[];

  let named = 0;
  async function newLevel(as = owner): Promise<LevelView> {
    const created = await call(as, 'POST', LEVELS, { name: `Partner ${++named}` });
    expect(created.status, created.body.message).toBe(201);
    return created.body.data as LevelView;
  }

  /** A refusal as the contract words it: the status, and the field named in the message and errors. */
  function refusedNaming(answer: ApiResponse<Envelope>, status: number, field: string) {
    expect(answer.status, answer.body.message).toBe(status);
    expect(answer.body.message).toMatch(new RegExp(`^${field}\\b`));
    expect(answer.body.errors?.[0]?.path).toBe(field);
  }

  /** While commits that write a row of `action` fail, `work` answers 500 and leaves nothing. */
  async function failingAfterTheRow(action: AuditAction, work: () => Promise<ApiResponse<Envelope>>) {
    const stop = await failCommitsWithAudit(t.db, action);
    try {
      expect((await work()).status).toBe(500);
    } finally {
      await stop();
    }
  }

  it('starts with the Agent level, the default, that every agent is in and that overrides nothing', async () => {
    await registerAgent(t);
    const [agents] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE role = 'agent'`);
    const start = (await list()).find((level) => level.name === 'Agent');
    expect(start).toMatchObject({ isDefault: true, agents: agents!.n, overrides: { services: 0, plans: 0 } });
  });

  it('creates and renames levels, by name in any case once, and records who did it', async () => {
    const created = await call(finance, 'POST', LEVELS, { name: '  API partner ' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'API partner', isDefault: false, agents: 0 });
    const id = created.body.data.id as string;
    expect((await list()).map((level) => level.name)).toContain('API partner');
    expect(await auditRowsOf(t.db, 'price-level.create', id)).toEqual([
      expect.objectContaining({ operator_id: finance.id, operator_role: 'finance', after: { name: 'API partner' } }),
    ]);

    const clash = await call(owner, 'POST', LEVELS, { name: 'api PARTNER' });
    expect(clash.status).toBe(409);
    expect(clash.body.errors?.[0]?.path).toBe('name');
    refusedNaming(await call(owner, 'POST', LEVELS, { name: 'x' }), 422, 'name');
    refusedNaming(await call(owner, 'POST', LEVELS, { name: 'Dealer\u0000' }), 422, 'name');
    refusedNaming(await call(owner, 'POST', LEVELS, {}), 422, 'name');

    const renamed = await call(owner, 'PATCH', `${LEVELS}/${id}`, { name: 'Integrators' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('Integrators');
    expect(await auditRowsOf(t.db, 'price-level.rename', id)).toEqual([
      expect.objectContaining({
        operator_role: 'owner',
        before: { name: 'API partner' },
        after: { name: 'Integrators' },
      }),
    ]);
    expect((await call(owner, 'PATCH', `${LEVELS}/${id}`, { name: 'agent' })).status).toBe(409);
    expect((await call(owner, 'PATCH', `${LEVELS}/${UNKNOWN}`, { name: 'Ghosts' })).status).toBe(404);
    refusedNaming(await call(owner, 'PATCH', `${LEVELS}/not-a-uuid`, { name: 'Ghosts' }), 422, 'id');
  });

  it('sets and clears a level’s discount for a service, showing the level’s and the catalogue’s side by side', async () => {
    const level = await newLevel(finance);
    const path = `${LEVELS}/${level.id}/services/mtn-data`;
    const set = await call(finance, 'PUT', path, { discountPercent: '7.5' });
    expect(set.status, set.body.message).toBe(200);
    expect(set.body.data).toEqual({ levelId: level.id, serviceId: 'mtn-data', discountPercent: '7.50' });

    const services = await call(support, 'GET', `${LEVELS}/${level.id}/services?category=data&q=mtn`);
    expect(services.status).toBe(200);
    expect(services.body.data).toEqual([
      expect.objectContaining({
        id: 'mtn-data',
        catalogueDiscountPercent: '3.00',
        levelDiscountPercent: '7.50',
        discountPercent: '7.50',
        fixedPrices: 0,
      }),
    ]);
    const plans = await call(support, 'GET', `${LEVELS}/${level.id}/services/mtn-data/variations?q=mtn-1gb-500`);
    expect(plans.body.data).toEqual([
      expect.objectContaining({
        code: 'mtn-1gb-500',
        faceValue: '500.00',
        cataloguePrice: '485.00',
        levelPrice: null,
        price: '462.50',
        rule: 'level-discount',
        upstreamCost: null,
        margin: null,
      }),
    ]);

    refusedNaming(await call(owner, 'PUT', path, { discountPercent: '150' }), 422, 'discountPercent');
    refusedNaming(await call(owner, 'PUT', path, { discountPercent: '-1' }), 422, 'discountPercent');
    refusedNaming(await call(owner, 'PUT', path, { discountPercent: '2.125' }), 422, 'discountPercent');
    refusedNaming(await call(owner, 'PUT', path, {}), 422, 'discountPercent');
    refusedNaming(
      await call(owner, 'PUT', `${LEVELS}/${level.id}/services/no-such-service`, { discountPercent: '1' }),
      404,
      'serviceId',
    );
    expect((await call(owner, 'PUT', `${LEVELS}/${UNKNOWN}/services/mtn-data`, { discountPercent: '1' })).status).toBe(
      404,
    );

    const cleared = await call(owner, 'PUT', path, { discountPercent: null });
    expect(cleared.body.data.discountPercent).toBeNull();
    const after = await call(support, 'GET', `${LEVELS}/${level.id}/services?category=data&q=mtn`);
    expect(after.body.data[0]).toMatchObject({ levelDiscountPercent: null, discountPercent: '3.00' });
    expect(await auditRowsOf(t.db, 'price-level.discount.set', level.id)).toEqual([
      expect.objectContaining({
        operator_role: 'finance',
        before: { service: 'mtn-data', discountPercent: null },
        after: { service: 'mtn-data', discountPercent: '7.50' },
      }),
      expect.objectContaining({
        operator_role: 'owner',
        before: { service: 'mtn-data', discountPercent: '7.50' },
        after: { service: 'mtn-data', discountPercent: null },
      }),
    ]);
  });

  it('sets and clears a level’s fixed price for a plan, refusing amounts that are not whole kobo above zero and plans it cannot price', async () => {
    const level = await newLevel();
    const path = `${LEVELS}/${level.id}/services/mtn-data/variations/mtn-1gb-500`;
    for (const price of ['-5', '0', '12.345', 'abc', 1e21, true]) {
      refusedNaming(await call(owner, 'PUT', path, { price }), 422, 'price');
    }
    refusedNaming(
      await call(owner, 'PUT', `${LEVELS}/${level.id}/services/mtn-data/variations/no-such-plan`, { price: '100' }),
      404,
      'code',
    );
    refusedNaming(
      await call(owner, 'PUT', `${LEVELS}/${level.id}/services/no-such/variations/mtn-1gb-500`, { price: '100' }),
      404,
      'serviceId',
    );
    // A meter type: the agent chooses the amount, only a discount can price it.
    const [meter] = await t.db.query<{ service_id: string; code: string }>(
      `SELECT service_id, code FROM catalog_variations WHERE face_value = 0 LIMIT 1`,
    );
    refusedNaming(
      await call(owner, 'PUT', `${LEVELS}/${level.id}/services/${meter!.service_id}/variations/${meter!.code}`, {
        price: '100',
      }),
      422,
      'code',
    );
    expect(await auditRowsOf(t.db, 'price-level.price.set', level.id)).toEqual([]);

    const set = await call(finance, 'PUT', path, { price: '480.5' });
    expect(set.body.data).toEqual({ levelId: level.id, serviceId: 'mtn-data', code: 'mtn-1gb-500', price: '480.50' });
    const plans = await call(support, 'GET', `${LEVELS}/${level.id}/services/mtn-data/variations?q=mtn-1gb-500`);
    expect(plans.body.data[0]).toMatchObject({
      cataloguePrice: '485.00',
      levelPrice: '480.50',
      price: '480.50',
      rule: 'level-price',
    });
    expect((await list()).find((row) => row.id === level.id)!.overrides).toEqual({ services: 0, plans: 1 });
    expect((await call(owner, 'PUT', path, { price: null })).body.data.price).toBeNull();
    const back = await call(support, 'GET', `${LEVELS}/${level.id}/services/mtn-data/variations?q=mtn-1gb-500`);
    expect(back.body.data[0]).toMatchObject({ levelPrice: null, price: '485.00', rule: 'catalogue' });
    expect(await auditRowsOf(t.db, 'price-level.price.set', level.id)).toEqual([
      expect.objectContaining({
        before: { plan: 'mtn-data/mtn-1gb-500', faceValue: '500.00', price: null },
        after: { plan: 'mtn-data/mtn-1gb-500', faceValue: '500.00', price: '480.50' },
      }),
      expect.objectContaining({ after: { plan: 'mtn-data/mtn-1gb-500', faceValue: '500.00', price: null } }),
    ]);
  });

  it('pages a level’s services and plans by cursor, each row once, in the catalogue’s order', async () => {
    const level = await newLevel();
    const all = await t.db.query<{ service_id: string }>(
      'SELECT service_id FROM catalog_services ORDER BY category, service_id',
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ApiResponse<Envelope> = await call(
        support,
        'GET',
        `${LEVELS}/${level.id}/services?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      seen.push(...(page.body.data as Array<{ id: string }>).map((row) => row.id));
      cursor = page.body.meta?.nextCursor ?? null;
    } while (cursor);
    expect(seen).toEqual(all.map((row) => row.service_id));

    const plans = await call(support, 'GET', `${LEVELS}/${level.id}/services/mtn-data/variations?limit=3`);
    expect(plans.body.data).toHaveLength(3);
    const next = await call(
      support,
      'GET',
      `${LEVELS}/${level.id}/services/mtn-data/variations?limit=3&cursor=${plans.body.meta!.nextCursor}`,
    );
    expect(next.body.data[0].code).not.toBe(plans.body.data[2].code);
    refusedNaming(await call(support, 'GET', `${LEVELS}/${level.id}/services?cursor=no-such`), 422, 'cursor');
    expect((await call(support, 'GET', `${LEVELS}/${level.id}/services/no-such/variations`)).status).toBe(404);
    expect((await call(support, 'GET', `${LEVELS}/${UNKNOWN}/services`)).status).toBe(404);
  });

  it('moves an agent between levels, audited on the agent, and refuses an unknown level naming it', async () => {
    const level = await newLevel();
    const agent = await registerAgent(t);
    const path = `/api/v1/admin/agents/${agent.user.id}/price-level`;
    const start = (await call(support, 'GET', `/api/v1/admin/agents/${agent.user.id}`)).body.data.priceLevel;
    expect(start.name).toBe('Agent');

    refusedNaming(await call(owner, 'PUT', path, { levelId: UNKNOWN }), 422, 'levelId');
    refusedNaming(await call(owner, 'PUT', path, { levelId: 'dealer' }), 422, 'levelId');
    expect(
      (await call(owner, 'PUT', `/api/v1/admin/agents/${UNKNOWN}/price-level`, { levelId: level.id })).status,
    ).toBe(404);
    // An operator is no agent.
    expect(
      (await call(owner, 'PUT', `/api/v1/admin/agents/${owner.id}/price-level`, { levelId: level.id })).status,
    ).toBe(404);

    const moved = await call(finance, 'PUT', path, { levelId: level.id });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toEqual({ agentId: agent.user.id, level: { id: level.id, name: level.name } });
    expect((await call(support, 'GET', `/api/v1/admin/agents/${agent.user.id}`)).body.data.priceLevel).toEqual({
      id: level.id,
      name: level.name,
    });
    expect((await list()).find((row) => row.id === level.id)!.agents).toBe(1);
    // Again to the same level: nothing changes, nothing is recorded.
    expect((await call(finance, 'PUT', path, { levelId: level.id })).body.message).toMatch(/already/);
    expect(await auditRowsOf(t.db, 'agent.price-level.change', agent.user.id)).toEqual([
      expect.objectContaining({
        operator_id: finance.id,
        operator_role: 'finance',
        agent_id: agent.user.id,
        target_type: 'agent',
        before: { level: start },
        after: { level: { id: level.id, name: level.name } },
      }),
    ]);
  });

  it('makes a level the default, audited with the one it replaces', async () => {
    const level = await newLevel();
    const previous = (await list()).find((row) => row.isDefault)!;
    const made = await call(finance, 'POST', `${LEVELS}/${level.id}/default`);
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ id: level.id, isDefault: true });
    expect((await list()).filter((row) => row.isDefault).map((row) => row.id)).toEqual([level.id]);
    expect(await auditRowsOf(t.db, 'price-level.default', level.id)).toEqual([
      expect.objectContaining({
        before: { defaultLevel: { id: previous.id, name: previous.name } },
        after: { defaultLevel: { id: level.id, name: level.name } },
      }),
    ]);
    expect((await call(owner, 'POST', `${LEVELS}/${UNKNOWN}/default`)).status).toBe(404);
    expect((await call(owner, 'POST', `${LEVELS}/${previous.id}/default`)).status).toBe(200);
  });

  it('lets support read levels and refuses it every change; finance and owners make them', async () => {
    const level = await newLevel();
    const agent = await registerAgent(t);
    const writes: Array<[string, string, unknown]> = [
      ['POST', LEVELS, { name: 'Support level' }],
      ['PATCH', `${LEVELS}/${level.id}`, { name: 'Support level' }],
      ['POST', `${LEVELS}/${level.id}/default`, undefined],
      ['PUT', `${LEVELS}/${level.id}/services/mtn`, { discountPercent: '1' }],
      ['PUT', `${LEVELS}/${level.id}/services/mtn-data/variations/mtn-1gb-500`, { price: '1' }],
      ['PUT', `/api/v1/admin/agents/${agent.user.id}/price-level`, { levelId: level.id }],
    ];
    for (const [method, path, body] of writes) {
      const refused = await call(support, method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body).toEqual({
        code: 'FORBIDDEN',
        message: 'This needs the owner or finance role; you are support',
      });
    }
    const [rows] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE operator_id = $1 AND action LIKE '%price-level%'`,
      [support.id],
    );
    expect(rows!.n).toBe(0);
    for (const path of [LEVELS, `${LEVELS}/${level.id}/services`, `${LEVELS}/${level.id}/services/mtn/variations`]) {
      expect((await call(support, 'GET', path)).status, path).toBe(200);
    }
    const agentAsks = await t.request('GET', LEVELS, { token: agent.token });
    expect(agentAsks.status).toBe(403);
  });

  it('writes each change and its audit row in one transaction: a failed commit leaves neither', async () => {
    const level = await newLevel();
    const agent = await registerAgent(t);
    const levelsNamed = async (name: string) =>
      (await t.db.query('SELECT 1 FROM price_levels WHERE name = $1', [name])).length;

    await failingAfterTheRow('price-level.create', () => call(owner, 'POST', LEVELS, { name: 'Never made' }));
    expect(await levelsNamed('Never made')).toBe(0);

    await failingAfterTheRow('price-level.rename', () =>
      call(owner, 'PATCH', `${LEVELS}/${level.id}`, { name: 'Never' }),
    );
    expect(await levelsNamed(level.name)).toBe(1);

    await failingAfterTheRow('price-level.discount.set', () =>
      call(owner, 'PUT', `${LEVELS}/${level.id}/services/mtn`, { discountPercent: '9' }),
    );
    await failingAfterTheRow('price-level.price.set', () =>
      call(owner, 'PUT', `${LEVELS}/${level.id}/services/mtn-data/variations/mtn-1gb-500`, { price: '300' }),
    );
    expect((await list()).find((row) => row.id === level.id)!.overrides).toEqual({ services: 0, plans: 0 });

    await failingAfterTheRow('price-level.default', () => call(owner, 'POST', `${LEVELS}/${level.id}/default`));
    expect((await list()).find((row) => row.id === level.id)!.isDefault).toBe(false);

    await failingAfterTheRow('agent.price-level.change', () =>
      call(owner, 'PUT', `/api/v1/admin/agents/${agent.user.id}/price-level`, { levelId: level.id }),
    );
    expect((await call(owner, 'GET', `/api/v1/admin/agents/${agent.user.id}`)).body.data.priceLevel.name).toBe('Agent');

    for (const action of [
      'price-level.rename',
      'price-level.discount.set',
      'price-level.price.set',
      'price-level.default',
    ] as const) {
      expect(await auditRowsOf(t.db, action, level.id), action).toEqual([]);
    }
    expect(await auditRowsOf(t.db, 'agent.price-level.change', agent.user.id)).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { operatorToken } from '../../test/test-operator.js';

interface AgentService {
  id: string;
  variations: Array<{ code: string; faceValue: string; price: string }>;
}

describe('the catalogue as operators list it', () => {
  let t: TestApp;
  let owner: string;
  let agent: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    owner = await operatorToken(t);
    agent = (await registerAgent(t)).token;
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token: owner })).status).toBe(200);
  });
  afterAll(() => t.close());

  /** A GET with its query string. */
  const get = (path: string, query: Record<string, string>, token = owner) =>
    t.request('GET', `${path}?${new URLSearchParams(query).toString()}`, { token });

  const agentService = async (serviceId: string): Promise<AgentService | undefined> => {
    const answer = await t.request('GET', '/api/v1/agent/services', { token: agent });
    return (answer.body.data as AgentService[]).find((service) => service.id === serviceId);
  };

  it('pages services by cursor in category order, every one once, with their plan counts', async () => {
    const all = await t.db.query<{ service_id: string }>(
      'SELECT service_id FROM catalog_services ORDER BY category, service_id',
    );
    expect(all.length).toBeGreaterThan(3);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string> = { limit: '3', ...(cursor ? { cursor } : {}) };
      const page = await get('/api/v1/admin/catalog/services', query);
      expect(page.status).toBe(200);
      seen.push(...(page.body.data as Array<{ id: string }>).map((service) => service.id));
      cursor = page.body.meta?.nextCursor ?? null;
    } while (cursor);
    expect(seen).toEqual(all.map((row) => row.service_id));

    const data = await get('/api/v1/admin/catalog/services', { category: 'data', q: 'MTN' });
    expect(data.body.data).toHaveLength(1);
    const [mtnData] = data.body.data as Array<{ id: string; plans: { total: number; forSale: number } }>;
    const [counts] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM catalog_variations WHERE service_id = $1`,
      [mtnData!.id],
    );
    expect(mtnData!.plans).toEqual({ total: counts!.n, forSale: counts!.n });
  });

  it('lists a service’s plans with face value, agent price, and the upstream cost and margin as unknown', async () => {
    const service = await agentService('mtn-data');
    const offered = service!.variations;
    const answer = await get('/api/v1/admin/catalog/services/mtn-data/variations', { limit: '100' });
    expect(answer.status).toBe(200);
    const plans = answer.body.data as Array<Record<string, unknown>>;
    expect(plans.map((plan) => plan.code)).toEqual(offered.map((plan) => plan.code));
    expect(plans[0]).toEqual({
      code: offered[0]!.code,
      name: expect.any(String),
      faceValue: offered[0]!.faceValue,
      upstreamCost: null,
      agentPrice: offered[0]!.price,
      fixedPrice: null,
      margin: null,
      enabled: true,
      listed: true,
      offReason: null,
    });
  });

  it('follows a switch, a fixed price and a discount, as the agent’s catalogue does', async () => {
    const first = (await agentService('mtn-data'))!.variations[0]!;
    const code = first.code;
    const patch = (body: object) =>
      t.request('PATCH', `/api/v1/admin/catalog/services/mtn-data/variations/${code}`, { token: owner, body });
    const listed = async () =>
      (
        (await get('/api/v1/admin/catalog/services/mtn-data/variations', { q: code })).body.data as Array<{
          code: string;
          enabled: boolean;
          agentPrice: string;
          fixedPrice: string | null;
        }>
      ).find((plan) => plan.code === code)!;

    expect((await patch({ enabled: false })).status).toBe(200);
    expect((await listed()).enabled).toBe(false);
    expect((await agentService('mtn-data'))!.variations.some((plan) => plan.code === code)).toBe(false);
    expect((await patch({ enabled: true, agentPrice: '77.50' })).status).toBe(200);
    expect(await listed()).toMatchObject({ enabled: true, agentPrice: '77.50', fixedPrice: '77.50' });
    expect((await patch({ agentPrice: null })).status).toBe(200);

    const discount = await t.request('PATCH', '/api/v1/admin/catalog/services/mtn-data', {
      token: owner,
      body: { discountPercent: '10' },
    });
    expect(discount.status).toBe(200);
    const face = BigInt(first.faceValue.replace('.', ''));
    const expected = face - (face * 1000n) / 10_000n;
    const plan = await listed();
    expect(BigInt(plan.agentPrice.replace('.', ''))).toBe(expected);
    expect((await agentService('mtn-data'))!.variations[0]!.price).toBe(plan.agentPrice);
  });

  it('refuses an unknown service, an unknown cursor and a short search, naming the field', async () => {
    const missing = await t.request('GET', '/api/v1/admin/catalog/services/no-such/variations', { token: owner });
    expect(missing.status).toBe(404);
    const cursor = await get('/api/v1/admin/catalog/services', { cursor: 'no-such-service' });
    expect(cursor.status).toBe(422);
    expect(cursor.body.message).toMatch(/cursor/);
    const short = await get('/api/v1/admin/catalog/services', { q: 'm' });
    expect(short.status).toBe(422);
    expect(short.body.message).toMatch(/^q/);
    const agentAsks = await t.request('GET', '/api/v1/admin/catalog/services', { token: agent });
    expect(agentAsks.status).toBe(403);
  });

  it('takes a search’s wildcards literally', async () => {
    const answer = await get('/api/v1/admin/catalog/services', { q: '%%' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([]);
  });
});

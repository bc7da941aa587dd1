import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken } from '../../test/test-operator.js';
import { findWalletBalance } from '../ledger/ledger.repo.js';
import { SANDBOX_VALUES } from '../upstream/sandbox/sandbox-outcomes.js';

const LEVELS = '/api/v1/admin/price-levels';
const BUY = '/api/v1/agent/purchases';

interface OfferedService {
  id: string;
  discountPercent: string;
  variations: Array<{ code: string; faceValue: string; price: string }>;
}

/**
 * What an agent of a price level pays (docs/decisions/038): the level's fixed price for a plan,
 * else its discount for the service, else the catalogue's current price; on every door (the
 * dashboard's catalogue and purchases, the reseller API), charged to the wallet and the ledger.
 */
describe('purchases priced at the agent’s price level', () => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '10000' } });
    owner = await operatorToken(t);
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token: owner })).status).toBe(200);
  }, 60_000);
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t?.close());

  const asOwner = async (method: string, path: string, body?: unknown) => {
    const answer = await t.request(method, path, { token: owner, ...(body !== undefined ? { body } : {}) });
    expect(answer.status, `${method} ${path}: ${answer.body.message}`).toBeLessThan(300);
    return answer.body.data;
  };

  let levels = 0;
  const newLevel = async (): Promise<string> =>
    ((await asOwner('POST', LEVELS, { name: `Dealer ${++levels}` })) as { id: string }).id;
  const setDiscount = (level: string, serviceId: string, discountPercent: string | null) =>
    asOwner('PUT', `${LEVELS}/${level}/services/${serviceId}`, { discountPercent });
  const setPrice = (level: string, serviceId: string, code: string, price: string | null) =>
    asOwner('PUT', `${LEVELS}/${level}/services/${serviceId}/variations/${code}`, { price });
  const move = (agentId: string, levelId: string) =>
    asOwner('PUT', `/api/v1/admin/agents/${agentId}/price-level`, { levelId });

  /** A funded agent with an API key, in `level` when given (else the default level). */
  async function agentIn(level: string | null, kobo = 10_000_000n) {
    const agent = await registerAgent(t);
    await creditWallet(t.db, agent.user.id, kobo, { now: new Date(t.clock.now().getTime() - 1000) });
    if (level) await move(agent.user.id, level);
    const key = await t.request('POST', '/api/v1/agent/api/keys', { token: agent.token });
    expect(key.status).toBe(201);
    return { id: agent.user.id, token: agent.token, key: key.body.data.secret as string };
  }

  const kobo = (naira: string) => BigInt(naira.replace('.', ''));
  const walletOf = (agentId: string) => findWalletBalance(t.db, agentId);

  /** The order's debit as the ledger holds it: the wallet's posting and the float's. */
  async function debitOf(requestId: string): Promise<Array<{ kind: string; amount: bigint }>> {
    return t.db.query<{ kind: string; amount: bigint }>(
      `SELECT a.kind, p.amount FROM orders o
       JOIN journal_entries j ON j.idempotency_key = 'order:' || o.id
       JOIN postings p ON p.entry_id = j.id JOIN ledger_accounts a ON a.id = p.account_id
       WHERE o.request_id = $1 ORDER BY p.amount`,
      [requestId],
    );
  }

  /** Buys and checks what was charged, on the order, the wallet and the ledger. */
  async function buysAt(
    agent: { id: string; token: string; key: string },
    door: 'dashboard' | 'reseller',
    body: Record<string, unknown>,
    expected: { faceValue: string; price: string },
  ) {
    const requestId = randomUUID();
    const before = await walletOf(agent.id);
    const answer = await t.request('POST', door === 'dashboard' ? BUY : '/api/v1/reseller/purchases', {
      token: door === 'dashboard' ? agent.token : agent.key,
      body: { ...body, requestId },
    });
    expect(answer.status, answer.body.message).toBe(201);
    expect(answer.body.data).toMatchObject({ status: 'delivered', ...expected });
    const price = kobo(expected.price);
    expect(before - (await walletOf(agent.id))).toBe(price);
    expect(await debitOf(requestId)).toEqual([
      { kind: 'wallet', amount: -price },
      { kind: 'upstream_float', amount: price },
    ]);
  }

  const data = (planCode: string) => ({ service: 'data', network: 'mtn', planCode, phone: '08031234567' });
  const airtime = (amount: string) => ({ service: 'airtime', network: 'mtn', phone: '08031234567', amount });

  async function offered(agent: { token: string; key: string }, door: 'dashboard' | 'api' | 'reseller') {
    const path = {
      dashboard: '/api/v1/agent/services',
      api: '/api/v1/agent/api/services',
      reseller: '/api/v1/reseller/services',
    }[door];
    const answer = await t.request('GET', path, { token: door === 'reseller' ? agent.key : agent.token });
    expect(answer.status).toBe(200);
    return answer.body.data as OfferedService[];
  }
  const planOf = (services: OfferedService[], serviceId: string, code: string) =>
    services.find((service) => service.id === serviceId)!.variations.find((plan) => plan.code === code)!;

  it('charges a level’s fixed plan price and its service discounts, on both doors, to the wallet and the ledger', async () => {
    const level = await newLevel();
    await setDiscount(level, 'mtn-data', '5');
    await setPrice(level, 'mtn-data', 'mtn-110mb-100', '90');
    await setDiscount(level, 'mtn', '4.5');
    await setDiscount(level, 'dstv', '5');
    const dealer = await agentIn(level);
    const plain = await agentIn(null);

    // Every door shows the dealer its own prices; the default level's agent, the catalogue's.
    for (const door of ['dashboard', 'api', 'reseller'] as const) {
      const services = await offered(dealer, door);
      expect(services.find((service) => service.id === 'mtn-data')!.discountPercent, door).toBe('5.00');
      expect(services.find((service) => service.id === 'mtn')!.discountPercent, door).toBe('4.50');
      expect(planOf(services, 'mtn-data', 'mtn-1gb-500'), door).toMatchObject({ faceValue: '500.00', price: '475.00' });
      expect(planOf(services, 'mtn-data', 'mtn-110mb-100'), door).toMatchObject({
        faceValue: '100.00',
        price: '90.00',
      });
      const catalogue = await offered(plain, door);
      expect(planOf(catalogue, 'mtn-data', 'mtn-1gb-500').price, door).toBe('485.00');
      expect(catalogue.find((service) => service.id === 'mtn')!.discountPercent, door).toBe('2.00');
    }

    await buysAt(dealer, 'dashboard', data('mtn-1gb-500'), { faceValue: '500.00', price: '475.00' });
    await buysAt(dealer, 'reseller', data('mtn-110mb-100'), { faceValue: '100.00', price: '90.00' });
    // An amount the agent chooses: less the level's 4.5 %, rounded in the provider's favour.
    await buysAt(dealer, 'reseller', airtime('333'), { faceValue: '333.00', price: '318.02' });
    // A renewal the upstream prices (₦6,000), less the level's 5 % for DStv instead of the catalogue's 1 %.
    await buysAt(
      dealer,
      'dashboard',
      {
        service: 'cable',
        provider: 'dstv',
        smartcardNumber: SANDBOX_VALUES.smartcard,
        action: 'renew',
        phone: '08031234567',
      },
      { faceValue: '6000.00', price: '5700.00' },
    );
    await buysAt(plain, 'dashboard', data('mtn-1gb-500'), { faceValue: '500.00', price: '485.00' });
    await buysAt(plain, 'reseller', airtime('500'), { faceValue: '500.00', price: '490.00' });
  });

  it('follows the catalogue where it has no override, and its discount outranks the catalogue’s fixed prices of the service', async () => {
    const level = await newLevel();
    const agent = await agentIn(level);
    // A level with no override sells at the catalogue's current price, whatever it becomes.
    const catalogue = await offered(agent, 'dashboard');
    const plain = await offered(await agentIn(null), 'dashboard');
    expect(catalogue).toEqual(plain);
    await asOwner('PATCH', '/api/v1/admin/catalog/services/glo-data/variations/glo-2_9gb-1000', { agentPrice: '950' });
    await buysAt(
      agent,
      'dashboard',
      { ...data('glo-2_9gb-1000'), network: 'glo' },
      { faceValue: '1000.00', price: '950.00' },
    );

    // The level's discount is its rule for the service: the catalogue's fixed price does not apply.
    await setDiscount(level, 'glo-data', '10');
    await buysAt(
      agent,
      'reseller',
      { ...data('glo-2_9gb-1000'), network: 'glo' },
      { faceValue: '1000.00', price: '900.00' },
    );
    // A fixed price of the level's own outranks both; one above face value is the operator's choice.
    await setPrice(level, 'glo-data', 'glo-2_9gb-1000', '1000.50');
    await buysAt(
      agent,
      'dashboard',
      { ...data('glo-2_9gb-1000'), network: 'glo' },
      { faceValue: '1000.00', price: '1000.50' },
    );

    // Cleared, the catalogue's price again.
    await setPrice(level, 'glo-data', 'glo-2_9gb-1000', null);
    await setDiscount(level, 'glo-data', null);
    await buysAt(
      agent,
      'reseller',
      { ...data('glo-2_9gb-1000'), network: 'glo' },
      { faceValue: '1000.00', price: '950.00' },
    );
    await asOwner('PATCH', '/api/v1/admin/catalog/services/glo-data/variations/glo-2_9gb-1000', { agentPrice: null });
  });

  it('prices the next purchase by a change to the level, and by the level an agent is moved to, on a session and a key already in use', async () => {
    const first = await newLevel();
    const second = await newLevel();
    await setPrice(first, 'mtn-data', 'mtn-1gb-500', '470');
    await setPrice(second, 'mtn-data', 'mtn-1gb-500', '460');
    const agent = await agentIn(first);
    // Both the session and the key have been used once (and are kept in memory since).
    await buysAt(agent, 'dashboard', data('mtn-1gb-500'), { faceValue: '500.00', price: '470.00' });
    await buysAt(agent, 'reseller', data('mtn-1gb-500'), { faceValue: '500.00', price: '470.00' });

    await setPrice(first, 'mtn-data', 'mtn-1gb-500', '465.50');
    await buysAt(agent, 'dashboard', data('mtn-1gb-500'), { faceValue: '500.00', price: '465.50' });
    await buysAt(agent, 'reseller', data('mtn-1gb-500'), { faceValue: '500.00', price: '465.50' });

    await move(agent.id, second);
    await buysAt(agent, 'dashboard', data('mtn-1gb-500'), { faceValue: '500.00', price: '460.00' });
    await buysAt(agent, 'reseller', data('mtn-1gb-500'), { faceValue: '500.00', price: '460.00' });
    expect(planOf(await offered(agent, 'reseller'), 'mtn-data', 'mtn-1gb-500').price).toBe('460.00');

    // A retry of an order made before the move answers that order, at the price it was charged.
    const requestId = randomUUID();
    await t.request('POST', BUY, { token: agent.token, body: { ...data('mtn-1gb-500'), requestId } });
    await move(agent.id, first);
    const retry = await t.request('POST', BUY, { token: agent.token, body: { ...data('mtn-1gb-500'), requestId } });
    expect(retry.status).toBe(200);
    expect(retry.body.data.price).toBe('460.00');
  });

  it('puts new agents in the default level an operator chooses, and leaves the others where they are', async () => {
    const level = await newLevel();
    await setPrice(level, 'mtn-data', 'mtn-1gb-500', '480');
    const before = await agentIn(null);
    const levels = (await asOwner('GET', LEVELS)) as Array<{ id: string; name: string; isDefault: boolean }>;
    const previous = levels.find((row) => row.isDefault)!;
    expect(previous.name).toBe('Agent');

    await asOwner('POST', `${LEVELS}/${level}/default`);
    try {
      const joined = await agentIn(null);
      expect((await asOwner('GET', `/api/v1/admin/agents/${joined.id}`)).priceLevel).toEqual({
        id: level,
        name: expect.stringMatching(/^Dealer/),
      });
      await buysAt(joined, 'dashboard', data('mtn-1gb-500'), { faceValue: '500.00', price: '480.00' });
      // An agent an operator creates joins it too.
      const created = await t.request('POST', '/api/v1/admin/agents', {
        token: owner,
        body: {
          firstName: 'Ngozi',
          lastName: 'Eze',
          username: 'ngozi_levels',
          email: 'ngozi.levels@example.com',
          phone: '08099887766',
        },
      });
      expect(created.status, created.body.message).toBe(201);
      expect((await asOwner('GET', `/api/v1/admin/agents/${created.body.data.user.id}`)).priceLevel.id).toBe(level);

      expect((await asOwner('GET', `/api/v1/admin/agents/${before.id}`)).priceLevel).toEqual({
        id: previous.id,
        name: 'Agent',
      });
      await buysAt(before, 'dashboard', data('mtn-1gb-500'), { faceValue: '500.00', price: '485.00' });
    } finally {
      await asOwner('POST', `${LEVELS}/${previous.id}/default`);
    }
  });

  it('keeps every agent in exactly one level, and operators in none', async () => {
    const [counts] = await t.db.query<{ agents_without: number; operators_with: number }>(
      `SELECT count(*) FILTER (WHERE role = 'agent' AND price_level_id IS NULL)::int AS agents_without,
              count(*) FILTER (WHERE role = 'operator' AND price_level_id IS NOT NULL)::int AS operators_with
       FROM users`,
    );
    expect(counts).toEqual({ agents_without: 0, operators_with: 0 });
    const [operator] = await t.db.query<{ id: string }>(`SELECT id FROM users WHERE role = 'operator' LIMIT 1`);
    const [level] = await t.db.query<{ id: string }>('SELECT id FROM price_levels LIMIT 1');
    await expect(
      t.db.query('UPDATE users SET price_level_id = $2 WHERE id = $1', [operator!.id, level!.id]),
    ).rejects.toThrow(/users_price_level_check/);
    const agent = await registerAgent(t);
    await expect(t.db.query('UPDATE users SET price_level_id = NULL WHERE id = $1', [agent.user.id])).rejects.toThrow(
      /users_price_level_check/,
    );
  });
});

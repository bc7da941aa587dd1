import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZCatalogUpdatedData } from '@agentdesk/contract/api/webhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { auditRowsOf } from '../../test/test-audit.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken, operatorWithRole } from '../../test/test-operator.js';
import { priceSyncRound } from './price-sync-worker.js';

const TOKEN = 'upstream-webhook-token-for-price-tests';
const HINT = `/api/v1/webhooks/upstream/${TOKEN}`;
const LEVELS = '/api/v1/admin/price-levels';
const SERVICE = 'mtn-data';

/** A real HTTP receiver for the agents' webhooks: the bodies it was sent. */
async function startReceiver() {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Prices that follow the upstream (issue 22, item 6; docs/decisions/041), over real HTTP against
 * both built-in sandboxes: the VTpass sandbox changes a plan's amount and sends its
 * variations-update callback, the Clubkonnect sandbox changes a plan's price.
 */
describe('prices that follow the upstream', () => {
  let t: TestApp;
  let owner: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '10000', UPSTREAM_WEBHOOK_TOKEN: TOKEN } });
    owner = await operatorToken(t);
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token: owner })).status).toBe(200);
  }, 60_000);
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const asOwner = async (method: string, path: string, body?: unknown) => {
    const answer = await t.request(method, path, { token: owner, ...(body !== undefined ? { body } : {}) });
    expect(answer.status, `${method} ${path}: ${answer.body.message}`).toBeLessThan(300);
    return answer.body.data as Record<string, unknown>;
  };

  let levels = 0;
  async function newLevel(followRule: 'keep-discount' | 'keep-margin'): Promise<string> {
    const level = await asOwner('POST', LEVELS, { name: `Follow ${++levels}` });
    await asOwner('PUT', `${LEVELS}/${String(level.id)}/follow-rule`, { followRule });
    return String(level.id);
  }

  /** A funded agent in `level`, with a webhook to the receiver when asked. */
  async function agentIn(level: string, webhook = false) {
    const agent = await registerAgent(t);
    await creditWallet(t.db, agent.user.id, 10_000_000n, { now: new Date(t.clock.now().getTime() - 1000) });
    await asOwner('PUT', `/api/v1/admin/agents/${agent.user.id}/price-level`, { levelId: level });
    if (webhook) {
      const saved = await t.request('PUT', '/api/v1/agent/api/webhook', {
        token: agent.token,
        body: { url: receiver.url, enabled: true },
      });
      expect(saved.status).toBe(200);
    }
    return { id: agent.user.id, token: agent.token };
  }

  /** What a level's agents pay for a plan, as the levels' screen shows it. */
  async function priceAt(level: string, code: string): Promise<string> {
    const answer = await t.request('GET', `${LEVELS}/${level}/services/${SERVICE}/variations?q=${code}`, {
      token: owner,
    });
    const plan = (answer.body.data as Array<{ code: string; price: string }>).find((row) => row.code === code);
    return plan!.price;
  }

  /** The VTpass sandbox changes a plan's amount; with `callback`, it sends its variations-update hint to us. */
  async function vtpassAmount(code: string, amount: string, callback: boolean) {
    const response = await fetch(`${t.url}/sandbox/vtpass/api/sandbox/variation-amount`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'api-key': t.config.upstream.apiKey,
        'secret-key': t.config.upstream.secretKey,
      },
      body: JSON.stringify({
        serviceID: SERVICE,
        variation_code: code,
        amount,
        ...(callback ? { callback_url: `${t.url}${HINT}` } : {}),
      }),
    });
    const answer = (await response.json()) as { code: string; content: { callback: { status: number } | null } };
    expect(answer.code).toBe('000');
    if (callback) expect(answer.content.callback?.status).toBe(200);
  }

  const noticesOf = async (agentId: string) =>
    t.db.query<{ title: string; body: string }>(
      `SELECT title, body FROM notifications WHERE user_id = $1 AND kind = 'prices' ORDER BY created_at`,
      [agentId],
    );
  const eventsOf = async (agentId: string) =>
    t.db.query<{ body: string }>(
      `SELECT body FROM webhook_deliveries WHERE user_id = $1 AND event_type = 'catalog.updated' ORDER BY id`,
      [agentId],
    );

  async function buy(token: string, planCode: string) {
    return t.request('POST', '/api/v1/agent/purchases', {
      token,
      body: { service: 'data', requestId: randomUUID(), network: 'mtn', planCode, phone: '08011111111' },
    });
  }

  it('keeps each level’s rule when the amount rises, once per change, and a replayed or forged hint changes nothing', async () => {
    const discount = await newLevel('keep-discount');
    const margin = await newLevel('keep-margin');
    // mtn-2gb-1500: by the catalogue's 3 % for both levels; mtn-1gb-500: fixed prices of the levels' own.
    await asOwner('PUT', `${LEVELS}/${discount}/services/${SERVICE}/variations/mtn-1gb-500`, { price: '480' });
    await asOwner('PUT', `${LEVELS}/${margin}/services/${SERVICE}/variations/mtn-1gb-500`, { price: '470' });
    const kept = await agentIn(discount);
    const moved = await agentIn(margin, true);
    expect(await priceAt(discount, 'mtn-2gb-1500')).toBe('1455.00');
    expect(await priceAt(margin, 'mtn-2gb-1500')).toBe('1455.00');

    // A hint with the wrong token is not ours: 404, and nothing is read.
    await vtpassAmount('mtn-2gb-1500', '1650', false);
    await vtpassAmount('mtn-1gb-500', '550', false);
    const forged = await t.request('POST', '/api/v1/webhooks/upstream/not-the-token', {
      body: { type: 'variations-update', serviceID: SERVICE },
    });
    expect(forged.status).toBe(404);
    expect(await priceAt(margin, 'mtn-2gb-1500')).toBe('1455.00');
    expect(await noticesOf(moved.id)).toHaveLength(0);

    // The sandbox sends its hint: the service is read again and each level keeps its rule.
    await vtpassAmount('mtn-2gb-1500', '1650', true);
    expect(await priceAt(discount, 'mtn-2gb-1500')).toBe('1600.50'); // 3 % off the new amount
    expect(await priceAt(margin, 'mtn-2gb-1500')).toBe('1605.00'); // the same ₦45 off
    expect(await priceAt(discount, 'mtn-1gb-500')).toBe('528.00'); // 480 × 550 / 500
    expect(await priceAt(margin, 'mtn-1gb-500')).toBe('520.00'); // 470 + 50

    // Every purchase prices from it at once (the caches followed).
    const bought = await buy(moved.token, 'mtn-2gb-1500');
    expect(bought.status).toBe(201);
    expect(bought.body.data).toMatchObject({ faceValue: '1650.00', price: '1605.00' });

    // Agents are told once; the reseller client receives catalog.updated, signed and delivered.
    expect(await noticesOf(kept.id)).toHaveLength(1);
    const [notice] = await noticesOf(moved.id);
    expect(notice!.title).toBe('2 prices changed');
    expect(notice!.body).toContain('now ₦1,605.00 (was ₦1,455.00)');
    const events = await eventsOf(moved.id);
    expect(events).toHaveLength(1);
    const event = JSON.parse(events[0]!.body) as { type: string; data: { plans: Array<Record<string, unknown>> } };
    expect(event.type).toBe('catalog.updated');
    // The event's data is what the contract documents.
    expect(ZCatalogUpdatedData.strict().safeParse(event.data).success).toBe(true);
    expect(event.data.plans).toContainEqual({
      serviceId: SERVICE,
      code: 'mtn-2gb-1500',
      name: 'MTN 2GB - 30 days (₦1500)',
      faceValue: '1650.00',
      price: '1605.00',
      previousPrice: '1455.00',
      forSale: true,
    });
    expect(await t.app.webhooks.runDue()).toBeGreaterThanOrEqual(1);
    expect(receiver.bodies.some((body) => body.includes('"catalog.updated"'))).toBe(true);

    // The same hint again, and a full sync: nothing has changed, so nothing moves and no one is told.
    const replay = await t.request('POST', HINT, { body: { type: 'variations-update', serviceID: SERVICE } });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ response: 'success' });
    const sync = await asOwner('POST', '/api/v1/admin/catalog/sync');
    expect(sync.pricesChanged).toBe(0);
    expect(await priceAt(margin, 'mtn-2gb-1500')).toBe('1605.00');
    expect(await priceAt(discount, 'mtn-1gb-500')).toBe('528.00');
    expect(await noticesOf(moved.id)).toHaveLength(1);
    expect(await eventsOf(moved.id)).toHaveLength(1);

    // A hint's content is never trusted: one naming no service of ours reads nothing.
    const odd = await t.request('POST', HINT, { body: { type: 'variations-update', serviceID: 'no-such-service' } });
    expect(odd.status).toBe(200);
  });

  it('switches a plan off when an upstream of its route charges more than a level’s price, until an operator decides', async () => {
    await asOwner('PUT', `/api/v1/admin/routes/${SERVICE}`, { upstreams: ['vtpass', 'clubkonnect'] });
    await asOwner('POST', '/api/v1/admin/upstreams/clubkonnect/plans/sync');
    const ours = 'mtn-2gb-1500';
    const [plan] = await t.db.query<{ code: string; cost: bigint }>(
      `SELECT code, cost FROM upstream_plans WHERE upstream_id = 'clubkonnect' AND service_id = $1 AND variation_code = $2`,
      [SERVICE, ours],
    );
    expect(plan, 'Clubkonnect’s 2 GB for 30 days is matched to ours').toBeDefined();
    const level = await newLevel('keep-discount');
    const agent = await agentIn(level, true);
    const price = await priceAt(level, ours);
    const before = await buy(agent.token, ours);
    expect(before.status).toBe(201);

    // Clubkonnect's price rises above what the level's agents pay.
    const above = (Number(price) + 10).toFixed(2);
    const set = await fetch(
      `${t.url}/sandbox/clubkonnect/SandboxSetDataPlanPrice.asp?UserID=${t.config.clubkonnect!.userId}` +
        `&APIKey=${t.config.clubkonnect!.apiKey}&MobileNetwork=01&DataPlan=${plan!.code}&Price=${above}`,
    );
    expect(await set.json()).toMatchObject({ status: 'PRICE_CHANGED' });
    const synced = await asOwner('POST', '/api/v1/admin/upstreams/clubkonnect/plans/sync');
    expect(synced.switchedOff).toBe(1);

    // Off for sale, with its reason for operators; a purchase is refused with a 4xx naming the plan.
    const plans = await t.request('GET', `/api/v1/admin/catalog/services/${SERVICE}/variations?q=${ours}`, {
      token: owner,
    });
    const row = (plans.body.data as Array<{ code: string; enabled: boolean; offReason: string | null }>).find(
      (item) => item.code === ours,
    )!;
    expect(row.enabled).toBe(false);
    expect(row.offReason).toContain('clubkonnect charges');
    expect(row.offReason).toContain(`₦${Number(above).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    const refused = await buy(agent.token, ours);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('planCode');

    // Told once; catalog.updated once, with the plan not for sale.
    const notices = await noticesOf(agent.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain('not for sale for now');
    const events = await eventsOf(agent.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.body).toContain('"forSale":false');

    // The same read again changes nothing and tells no one.
    expect((await asOwner('POST', '/api/v1/admin/upstreams/clubkonnect/plans/sync')).switchedOff).toBe(0);
    expect(await noticesOf(agent.id)).toHaveLength(1);
    expect(await eventsOf(agent.id)).toHaveLength(1);

    // Switching it back on is the owner's decision (the catalogue's switch), audited; finance may not.
    const finance = await operatorWithRole(t, owner, 'finance');
    const path = `/api/v1/admin/catalog/services/${SERVICE}/variations/${ours}`;
    expect((await t.request('PATCH', path, { token: finance.token, body: { enabled: true } })).status).toBe(403);
    await asOwner('PUT', `${LEVELS}/${level}/services/${SERVICE}/variations/${ours}`, { price: above });
    await asOwner('PATCH', path, { enabled: true });
    const after = await t.request('GET', `/api/v1/admin/catalog/services/${SERVICE}/variations?q=${ours}`, {
      token: owner,
    });
    expect(
      (after.body.data as Array<{ code: string; enabled: boolean; offReason: string | null }>).find(
        (item) => item.code === ours,
      ),
    ).toMatchObject({ enabled: true, offReason: null });
    const again = await buy(agent.token, ours);
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ price: above });
    await asOwner('PUT', `/api/v1/admin/routes/${SERVICE}`, { upstreams: [] });
  });

  it('follows the catalogue’s amounts and reads the other upstreams’ plans on the periodic sync, once', async () => {
    const level = await newLevel('keep-margin');
    const agent = await agentIn(level);
    await vtpassAmount('mtn-3_5gb-2500', '2600', false);
    const deps = { db: t.db, clock: t.clock, upstream: t.app.upstream, upstreams: t.app.upstreams };
    expect(await priceSyncRound(deps)).toBe(1);
    expect(await priceAt(level, 'mtn-3_5gb-2500')).toBe('2525.00'); // ₦2,425 + ₦100
    expect(await noticesOf(agent.id)).toHaveLength(1);
    expect(await priceSyncRound(deps)).toBe(0);
    expect(await noticesOf(agent.id)).toHaveLength(1);
    const periodic = (await auditRowsOf(t.db, 'upstream.plans.sync', 'clubkonnect')).filter(
      (row) => row.user_agent === 'periodic price sync',
    );
    expect(periodic).toHaveLength(2);
  });

  it('lets owners and finance choose a level’s rule, audited; support only reads', async () => {
    const level = await newLevel('keep-discount');
    const finance = await operatorWithRole(t, owner, 'finance');
    const support = await operatorWithRole(t, owner, 'support');
    const path = `${LEVELS}/${level}/follow-rule`;
    expect((await t.request('PUT', path, { token: support.token, body: { followRule: 'keep-margin' } })).status).toBe(
      403,
    );
    const bad = await t.request('PUT', path, { token: finance.token, body: { followRule: 'cheapest' } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('followRule');
    const done = await t.request('PUT', path, { token: finance.token, body: { followRule: 'keep-margin' } });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ id: level, followRule: 'keep-margin' });
    // The same rule again changes and records nothing.
    expect((await t.request('PUT', path, { token: finance.token, body: { followRule: 'keep-margin' } })).status).toBe(
      200,
    );
    const rows = await auditRowsOf(t.db, 'price-level.follow-rule', level);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ before: { followRule: 'keep-discount' }, after: { followRule: 'keep-margin' } });
  });
});

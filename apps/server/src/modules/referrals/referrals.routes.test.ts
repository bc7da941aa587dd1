import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newAgentBody, registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { NO_GATEWAY_FEES, recordAtGateway } from '../../test/test-gateways.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken } from '../../test/test-operator.js';

const PAYSTACK_SECRET = 'sk_test_paystack_secret_for_referrals';
const RULE = '/api/v1/admin/settings/referral';
const REFERRALS = '/api/v1/agent/referrals';
const today = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

describe('referral programme', () => {
  let t: TestApp;
  let operator: string;
  let accountId: string;
  let refCounter = 0;

  beforeAll(async () => {
    t = await startTestApp({
      env: { AUTH_IP_LIMIT_PER_MINUTE: '1000', PAYSTACK_SECRET_KEY: PAYSTACK_SECRET, ...NO_GATEWAY_FEES },
    });
    operator = await operatorToken(t);
    const account = await t.request('POST', '/api/v1/admin/funding-accounts', {
      token: operator,
      body: {
        bankName: 'GTBank',
        bankCode: '058',
        accountNumber: '0123456785',
        accountName: 'Provider Ltd',
        chargeFlat: '0',
        chargePercent: '0',
        minimum: '100',
      },
    });
    expect(account.status).toBe(201);
    accountId = account.body.data.id;
    const synced = await t.request('POST', '/api/v1/admin/catalog/sync', { token: operator });
    expect(synced.status).toBe(200);
  });
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  const setRule = (body: Record<string, unknown>) => t.request('PATCH', RULE, { token: operator, body });
  const balance = async (token: string) =>
    (await t.request('GET', '/api/v1/agent/wallet/balance', { token })).body.data.availableBalance as string;

  async function referredPair(referredOverrides: Record<string, unknown> = {}) {
    const referrer = await registerAgent(t);
    const code = (await t.request('GET', REFERRALS, { token: referrer.token })).body.data.code as string;
    const referred = await registerAgent(t, { referralCode: code, ...referredOverrides });
    return { referrer, referred, code };
  }

  async function reportFunding(token: string, amount = '5000') {
    const response = await t.request('POST', '/api/v1/agent/funding-requests', {
      token,
      body: { accountId, amount, senderName: 'Chidi Okafor', reference: `REF${++refCounter}X`, transferDate: today() },
    });
    expect(response.status).toBe(201);
    return response.body.data.id as string;
  }

  const approve = (id: string) =>
    t.request('POST', `/api/v1/admin/funding-requests/${id}/approve`, { token: operator, body: {} });

  const bonusRows = async (referredId: string) =>
    t.db.query<{ kind: string; amount: bigint; event_key: string }>(
      'SELECT kind, amount, event_key FROM referral_bonuses WHERE referred_id = $1 ORDER BY created_at',
      [referredId],
    );

  it('lets operators read and change the rule, naming a bad field; agents cannot', async () => {
    const initial = await t.request('GET', RULE, { token: operator });
    expect(initial.status).toBe(200);
    expect(initial.body.data).toEqual({
      fundingBonus: '0.00',
      marginPercent: '0',
      marginPurchases: 0,
      updatedAt: null,
    });

    const set = await setRule({ fundingBonus: '500', marginPercent: '12.5', marginPurchases: 3 });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ fundingBonus: '500.00', marginPercent: '12.5', marginPurchases: 3 });
    expect(set.body.data.updatedAt).toEqual(expect.any(String));
    // Absent fields stay.
    const partial = await setRule({ marginPercent: '10' });
    expect(partial.body.data).toMatchObject({ fundingBonus: '500.00', marginPercent: '10', marginPurchases: 3 });

    for (const [body, field] of [
      [{ fundingBonus: '-1' }, 'fundingBonus'],
      [{ marginPercent: '101' }, 'marginPercent'],
      [{ marginPercent: '100.5' }, 'marginPercent'],
      [{ marginPurchases: 1001 }, 'marginPurchases'],
      [{ bonus: 1 }, 'bonus'],
    ] as const) {
      const bad = await setRule(body);
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect(bad.body.errors?.[0]?.path).toBe(field);
    }
    const agent = await registerAgent(t);
    expect((await t.request('GET', RULE, { token: agent.token })).status).toBe(403);
    expect((await t.request('PATCH', RULE, { token: agent.token, body: { fundingBonus: '1' } })).status).toBe(403);
  });

  it('refuses an unknown referral code at registration, naming referralCode', async () => {
    const response = await t.request('POST', '/api/v1/agent/auth/register', {
      body: newAgentBody({ referralCode: 'NOSUCH22' }),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors?.[0]).toEqual({ path: 'referralCode', message: 'No agent has this referral code' });
  });

  it('pays the flat bonus once when ten fundings of the referred agent are approved at once', async () => {
    await setRule({ fundingBonus: '500', marginPercent: '0', marginPurchases: 0 });
    const { referrer, referred } = await referredPair({ firstName: 'Amaka', lastName: 'obi' });
    const ids = [];
    for (let i = 0; i < 10; i++) ids.push(await reportFunding(referred.token));
    const results = await Promise.all(ids.map(approve));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));

    expect(await balance(referred.token)).toBe('50000.00');
    expect(await balance(referrer.token)).toBe('500.00');
    const rows = await bonusRows(referred.user.id);
    expect(rows).toEqual([{ kind: 'first_funding', amount: 50_000n, event_key: `first-funding:${referred.user.id}` }]);

    const history = (await t.request('GET', '/api/v1/agent/transactions', { token: referrer.token })).body.data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      transactionType: 'referral_bonus',
      direction: 'credit',
      amount: '500.00',
      status: 'success',
      description: 'Referral bonus: Amaka O., funded their wallet for the first time',
      details: { balance: { before: '0.00', after: '500.00' } },
    });
    const notes = (await t.request('GET', '/api/v1/agent/notify', { token: referrer.token })).body.data;
    expect(notes[0]).toMatchObject({ kind: 'referral', title: 'Referral bonus', read: false });
    expect(notes[0].body).toContain('₦500.00');

    const page = await t.request('GET', REFERRALS, { token: referrer.token });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({
      totals: { referred: 1, earned: '500.00', bonuses: 1 },
      rule: { fundingBonus: '500.00', marginPercent: '0', marginPurchases: 0 },
      agents: [{ id: referred.user.id, name: 'Amaka O.', earned: '500.00', funded: true }],
    });
  });

  it('pays nothing when the rule is off at the first funding, and never later', async () => {
    await setRule({ fundingBonus: '0' });
    const { referrer, referred } = await referredPair();
    expect((await approve(await reportFunding(referred.token))).status).toBe(200);
    await setRule({ fundingBonus: '500' });
    expect((await approve(await reportFunding(referred.token))).status).toBe(200);
    expect(await balance(referrer.token)).toBe('0.00');
    expect(await bonusRows(referred.user.id)).toEqual([]);
  });

  it('pays nothing for an agent nobody referred', async () => {
    await setRule({ fundingBonus: '500' });
    const agent = await registerAgent(t);
    expect((await approve(await reportFunding(agent.token))).status).toBe(200);
    const paid = await t.db.query('SELECT 1 FROM referral_bonuses WHERE referred_id = $1', [agent.user.id]);
    expect(paid).toEqual([]);
  });

  it('counts a gateway payment as the first funding, once, however often it is delivered', async () => {
    await setRule({ fundingBonus: '250.50' });
    const { referrer, referred } = await referredPair();
    const suffix = randomBytes(3).toString('hex');
    const assigned = await t.request('POST', '/api/v1/admin/virtual-accounts', {
      token: operator,
      body: {
        username: referred.body.username,
        provider: 'paystack',
        accountNumber: `99${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
        bankName: 'Wema Bank',
        accountName: `AgentDesk/${referred.body.username}`,
        providerReference: `CUS_${suffix}`,
      },
    });
    expect(assigned.status).toBe(201);
    const raw = JSON.stringify({
      event: 'charge.success',
      data: {
        reference: `PSK-${suffix}`,
        amount: 300_000,
        status: 'success',
        channel: 'dedicated_nuban',
        customer: { customer_code: `CUS_${suffix}`, email: 'x@example.com' },
        authorization: { channel: 'dedicated_nuban', receiver_bank_account_number: '9930000001' },
      },
    });
    const signature = createHmac('sha512', PAYSTACK_SECRET).update(raw).digest('hex');
    await recordAtGateway(t, 'paystack', raw);
    const deliveries = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.request('POST', '/api/v1/webhooks/paystack', {
          raw,
          headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        }),
      ),
    );
    expect(deliveries.every((d) => d.status === 200)).toBe(true);
    // A later manual funding is not the first.
    expect((await approve(await reportFunding(referred.token))).status).toBe(200);
    expect(await balance(referred.token)).toBe('8000.00');
    expect(await balance(referrer.token)).toBe('250.50');
    expect((await bonusRows(referred.user.id)).map((r) => r.amount)).toEqual([25_050n]);
  });

  it('shares the margin of the first N delivered purchases only, under ten concurrent purchases', async () => {
    // Airtime sells at 2 % off: ₦500 costs ₦490, a margin of ₦10; 12.5 % of it is ₦1.25.
    await setRule({ fundingBonus: '0', marginPercent: '12.5', marginPurchases: 3 });
    const { referrer, referred } = await referredPair();
    await creditWallet(t.db, referred.user.id, 1_000_000n, { now: new Date(t.clock.now().getTime() - 1000) });
    const bought = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request('POST', '/api/v1/agent/purchases', {
          token: referred.token,
          body: { service: 'airtime', requestId: randomUUID(), network: 'mtn', phone: '08031234567', amount: '500' },
        }),
      ),
    );
    expect(bought.map((b) => b.body.data?.status)).toEqual(Array(10).fill('delivered'));
    expect(await balance(referred.token)).toBe(`${10_000 - 10 * 490}.00`);
    const rows = await bonusRows(referred.user.id);
    expect(rows.map((r) => [r.kind, r.amount])).toEqual(Array(3).fill(['purchase_margin', 125n]));
    expect(new Set(rows.map((r) => r.event_key)).size).toBe(3);
    expect(await balance(referrer.token)).toBe('3.75');
  });

  it('does not share a zero margin, and a failed purchase earns nothing', async () => {
    await setRule({ fundingBonus: '0', marginPercent: '50', marginPurchases: 5 });
    const { referrer, referred } = await referredPair();
    await creditWallet(t.db, referred.user.id, 100_000n, { now: new Date(t.clock.now().getTime() - 1000) });
    const failed = await t.request('POST', '/api/v1/agent/purchases', {
      token: referred.token,
      body: { service: 'airtime', requestId: randomUUID(), network: 'mtn', phone: '08000000000', amount: '100' },
    });
    expect(failed.body.data.status).toBe('failed');
    expect(await balance(referrer.token)).toBe('0.00');
    // ₦100 at 2 % off: margin ₦2, half is ₦1.
    const delivered = await t.request('POST', '/api/v1/agent/purchases', {
      token: referred.token,
      body: { service: 'airtime', requestId: randomUUID(), network: 'mtn', phone: '08031234567', amount: '100' },
    });
    expect(delivered.body.data.status).toBe('delivered');
    expect(await balance(referrer.token)).toBe('1.00');
  });

  it('lists referred agents newest first by cursor, masked, with what each earned', async () => {
    await setRule({ fundingBonus: '100', marginPercent: '0', marginPurchases: 0 });
    const referrer = await registerAgent(t);
    const code = (await t.request('GET', REFERRALS, { token: referrer.token })).body.data.code as string;
    const first = await registerAgent(t, { referralCode: code, firstName: 'Bola', lastName: 'Ade' });
    t.clock.advance(1000);
    const second = await registerAgent(t, { referralCode: code.toLowerCase(), firstName: 'Chioma', lastName: 'Eze' });
    await approve(await reportFunding(first.token));

    const one = await t.request('GET', `${REFERRALS}?limit=1`, { token: referrer.token });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({
      code,
      linkPath: `/register?ref=${code}`,
      totals: { referred: 2, earned: '100.00', bonuses: 1 },
    });
    expect(one.body.data.agents).toEqual([
      { id: second.user.id, name: 'Chioma E.', joinedAt: expect.any(String), earned: '0.00', funded: false },
    ]);
    expect(one.body.meta?.nextCursor).toBe(second.user.id);
    const two = await t.request('GET', `${REFERRALS}?limit=1&cursor=${one.body.meta?.nextCursor}`, {
      token: referrer.token,
    });
    expect(two.body.data.agents).toEqual([
      { id: first.user.id, name: 'Bola A.', joinedAt: expect.any(String), earned: '100.00', funded: true },
    ]);
    expect(two.body.meta?.nextCursor).toBeNull();
    // Nothing of the referred agents' contact details travels.
    expect(JSON.stringify(two.body)).not.toContain(first.body.email);

    const stranger = await registerAgent(t);
    const foreign = await t.request('GET', `${REFERRALS}?cursor=${first.user.id}`, { token: stranger.token });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors?.[0]?.path).toBe('cursor');
    expect((await t.request('GET', REFERRALS)).status).toBe(401);
  });
});

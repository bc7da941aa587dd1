import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fundedAgent, registerAgent, startTestApp, type TestApp, walletBalance } from '../../test/test-app.js';
import { expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken } from '../../test/test-operator.js';
import { SANDBOX_VALUES } from '../upstream/sandbox/sandbox-outcomes.js';

const BUY = '/api/v1/agent/purchases';
const PROFILE = SANDBOX_VALUES.jambProfile;
// Not a profile the sandbox knows, in either mode (lenient refuses 10 digits starting 999).
const UNKNOWN_PROFILE = '9990000001';
const rid = () => randomUUID();

describe('JAMB PINs', () => {
  let t: TestApp;
  let utme: { faceValue: string; price: string };
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    const synced = await t.request('POST', '/api/v1/admin/catalog/sync', { token: await operatorToken(t) });
    expect(synced.status).toBe(200);
    const { token } = await registerAgent(t);
    const exams = await t.request('GET', '/api/v1/agent/services?category=result-checker', { token });
    const jamb = exams.body.data.find((service: { id: string }) => service.id === 'jamb');
    utme = jamb.variations.find((variation: { code: string }) => variation.code === 'utme');
    expect(utme).toBeDefined();
  });
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  const jambBody = (extra: Record<string, unknown> = {}) => ({
    service: 'result-checker',
    requestId: rid(),
    exam: 'jamb',
    variationCode: 'utme',
    profileId: PROFILE,
    quantity: 1,
    phone: '08031234567',
    ...extra,
  });

  it("validates a profile ID: the candidate's name, or a 422 naming profile_id", async () => {
    const { token } = await fundedAgent(t, 0n);
    const good = await t.request(
      'GET',
      `/api/v1/agent/validate/jamb-profile?profile_id=${PROFILE}&variation_code=utme`,
      { token },
    );
    expect(good.status).toBe(200);
    expect(good.body.data).toMatchObject({ profileId: PROFILE, variationCode: 'utme' });
    expect(good.body.data.customerName).toBeTruthy();

    const unknown = await t.request(
      'GET',
      `/api/v1/agent/validate/jamb-profile?profile_id=${UNKNOWN_PROFILE}&variation_code=utme`,
      { token },
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.[0]?.path).toBe('profile_id');

    const malformed = await t.request(
      'GET',
      '/api/v1/agent/validate/jamb-profile?profile_id=12345&variation_code=utme',
      {
        token,
      },
    );
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors?.[0]).toMatchObject({
      path: 'profile_id',
      message: 'Profile ID is the 10 digits from JAMB',
    });

    const noSuchPin = await t.request(
      'GET',
      `/api/v1/agent/validate/jamb-profile?profile_id=${PROFILE}&variation_code=gce`,
      { token },
    );
    expect(noSuchPin.status).toBe(422);
    expect(noSuchPin.body.errors?.[0]?.path).toBe('variation_code');
  });

  it('sells a UTME PIN to a verified profile ID, charging once, and keeps the PIN on the order, the receipt and the history', async () => {
    const { token, user } = await fundedAgent(t, 2_000_000n);
    const body = jambBody();
    const response = await t.request('POST', BUY, { token, body });
    expect(response.status).toBe(201);
    const order = response.body.data;
    expect(order).toMatchObject({
      status: 'delivered',
      service: 'result-checker',
      serviceId: 'jamb',
      recipient: PROFILE,
      quantity: 1,
      faceValue: utme.faceValue,
      price: utme.price,
    });
    expect(order.productName).toMatch(/UTME/);
    expect(order.result.pin).toMatch(/^\d{10,}$/);
    expect(order.result.cards).toEqual([]);
    const charged = (2_000_000 - Math.round(Number(utme.price) * 100)) / 100;
    expect(await walletBalance(t, token)).toBe(charged.toFixed(2));

    // The same requestId answers the same order and charges nothing more.
    const again = await t.request('POST', BUY, { token, body });
    expect(again.status).toBe(200);
    expect(again.body.data.result.pin).toBe(order.result.pin);
    expect(await walletBalance(t, token)).toBe(charged.toFixed(2));
    const orders = await t.db.query('SELECT 1 FROM orders WHERE user_id = $1', [user.id]);
    expect(orders).toHaveLength(1);

    const receipt = await t.request('GET', `/api/v1/agent/transactions/${order.transactionId}/receipt`, { token });
    expect(receipt.status).toBe(200);
    expect(receipt.body.data).toMatchObject({ pin: order.result.pin, recipient: PROFILE, cards: [] });

    const detail = await t.request('GET', `/api/v1/agent/transactions/${order.transactionId}`, { token });
    expect(detail.status).toBe(200);
    expect(detail.body.data.details.pin).toBe(order.result.pin);
    expect(detail.body.data.recipient).toBe(PROFILE);
  });

  it('refuses a JAMB purchase without a profile ID, for more than one PIN, or a profile ID for another exam: 422, nothing charged', async () => {
    const { token, user } = await fundedAgent(t, 2_000_000n);
    const cases: Array<[Record<string, unknown>, string]> = [
      [jambBody({ profileId: undefined }), 'profileId'],
      [jambBody({ quantity: 2 }), 'quantity'],
      [jambBody({ profileId: '01234' }), 'profileId'],
      [{ ...jambBody(), exam: 'waec', variationCode: undefined }, 'profileId'],
    ];
    for (const [body, path] of cases) {
      const response = await t.request('POST', BUY, { token, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors?.map((error) => error.path)).toContain(path);
    }
    expect(await walletBalance(t, token)).toBe('20000.00');
    expect(await t.db.query('SELECT 1 FROM orders WHERE user_id = $1', [user.id])).toHaveLength(0);
  });

  it('refuses a profile ID the upstream does not know before charging anything', async () => {
    const { token, user } = await fundedAgent(t, 2_000_000n);
    const response = await t.request('POST', BUY, { token, body: jambBody({ profileId: UNKNOWN_PROFILE }) });
    expect(response.status).toBe(422);
    expect(response.body.errors?.[0]?.path).toBe('profileId');
    expect(await walletBalance(t, token)).toBe('20000.00');
    expect(await t.db.query('SELECT 1 FROM orders WHERE user_id = $1', [user.id])).toHaveLength(0);
    const history = await t.request('GET', '/api/v1/agent/transactions', { token });
    expect(history.body.data.filter((row: { transactionType: string }) => row.transactionType === 'purchase')).toEqual(
      [],
    );
  });

  it('sells WAEC PINs as before: to the phone, as many as asked, with cards and no PIN of its own', async () => {
    const { token } = await fundedAgent(t, 2_000_000n);
    const response = await t.request('POST', BUY, {
      token,
      body: { service: 'result-checker', requestId: rid(), exam: 'waec', quantity: 2, phone: '08031234567' },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ status: 'delivered', recipient: '08031234567', quantity: 2 });
    expect(response.body.data.result.cards).toHaveLength(2);
    expect(response.body.data.result.pin).toBeNull();
  });

  it('through the reseller API: validates the profile, buys the PIN and reads it back', async () => {
    const agent = await fundedAgent(t, 2_000_000n);
    const created = await t.request('POST', '/api/v1/agent/api/keys', { token: agent.token });
    expect(created.status).toBe(201);
    const key = created.body.data.secret as string;

    const profile = await t.request(
      'GET',
      `/api/v1/reseller/validate/jamb-profile?profile_id=${PROFILE}&variation_code=utme`,
      { token: key },
    );
    expect(profile.status).toBe(200);
    expect(profile.body.data.customerName).toBeTruthy();
    const wrong = await t.request(
      'GET',
      `/api/v1/reseller/validate/jamb-profile?profile_id=${UNKNOWN_PROFILE}&variation_code=utme`,
      { token: key },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.[0]?.path).toBe('profile_id');

    const body = jambBody();
    const bought = await t.request('POST', '/api/v1/reseller/purchases', { token: key, body });
    expect(bought.status).toBe(201);
    expect(bought.body.data).toMatchObject({ status: 'delivered', recipient: PROFILE, price: utme.price });
    expect(bought.body.data.result.pin).toMatch(/^\d{10,}$/);

    const read = await t.request('GET', `/api/v1/reseller/purchases/${body.requestId}`, { token: key });
    expect(read.status).toBe(200);
    expect(read.body.data.result.pin).toBe(bought.body.data.result.pin);
    expect(await walletBalance(t, key, '/api/v1/reseller/balance')).toBe(
      ((2_000_000 - Math.round(Number(utme.price) * 100)) / 100).toFixed(2),
    );
  });
});

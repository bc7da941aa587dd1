import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fundedAgent, startTestApp, type TestApp, walletBalance } from '../../test/test-app.js';
import { expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken } from '../../test/test-operator.js';
import { SANDBOX_VALUES } from '../upstream/sandbox/sandbox-outcomes.js';

const BUY = '/api/v1/agent/purchases';
const RESELLER = '/api/v1/reseller/purchases';

describe('re-check status of a pending purchase (issue 23)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    const synced = await t.request('POST', '/api/v1/admin/catalog/sync', { token: await operatorToken(t) });
    expect(synced.status).toBe(200);
  });
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  const buy = async (token: string, phone: string) => {
    const requestId = randomUUID();
    const answer = await t.request('POST', BUY, {
      token,
      body: { service: 'airtime', requestId, network: 'mtn', phone, amount: '100' },
    });
    expect(answer.status).toBe(201);
    return { requestId, status: answer.body.data.status as string };
  };
  /** Makes the order one the upstream never received: its requery answers "no such request". */
  const unknownToUpstream = async (requestId: string) => {
    const { newRequestId } = await import('../upstream/vtpass/request-id.js');
    await t.db.query(
      `UPDATE orders SET status = 'pending', settled_at = NULL, result = '{}', sending_until = NULL,
         upstream_request_id = $2 WHERE request_id = $1`,
      [requestId, newRequestId(t.clock.now())],
    );
  };
  const refunds = async (userId: string) =>
    (await t.db.query(`SELECT 1 FROM wallet_transactions WHERE user_id = $1 AND type = 'refund'`, [userId])).length;

  it('asks the upstream now and answers the delivered order, charged once', async () => {
    const { token, user } = await fundedAgent(t, 100_000n);
    const { requestId, status } = await buy(token, SANDBOX_VALUES.pendingPhone);
    expect(status).toBe('pending');
    const rechecked = await t.request('POST', `${BUY}/${requestId}/recheck`, { token });
    expect(rechecked.status).toBe(200);
    expect(rechecked.body.message).toBe('Purchase successful');
    expect(rechecked.body.data).toMatchObject({ requestId, status: 'delivered' });
    expect(await walletBalance(t, token)).toBe('902.00');
    expect(await refunds(user.id)).toBe(0);

    const again = await t.request('POST', `${BUY}/${requestId}/recheck`, { token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This purchase is no longer pending: it was delivered.');
  });

  it('leaves an order without a definitive answer pending: no refund, no pay on a guess', async () => {
    const { token, user } = await fundedAgent(t, 100_000n);
    const { requestId } = await buy(token, SANDBOX_VALUES.success);
    await unknownToUpstream(requestId);
    const before = await t.db.query('SELECT next_attempt_at, attempts FROM orders WHERE request_id = $1', [requestId]);
    const rechecked = await t.request('POST', `${BUY}/${requestId}/recheck`, { token });
    expect(rechecked.status).toBe(200);
    expect(rechecked.body.message).toBe('Still being processed: the provider has no final answer yet.');
    expect(rechecked.body.data.status).toBe('pending');
    // The worker's schedule is as it was; nothing was refunded or sent again.
    expect(await t.db.query('SELECT next_attempt_at, attempts FROM orders WHERE request_id = $1', [requestId])).toEqual(
      before,
    );
    expect(await refunds(user.id)).toBe(0);
    expect(await walletBalance(t, token)).toBe('902.00');
  });

  it('is limited per order (3 in 5 minutes) and answers 404 for another agent’s order', async () => {
    const { token } = await fundedAgent(t, 100_000n);
    const other = await fundedAgent(t, 100_000n);
    const { requestId } = await buy(token, SANDBOX_VALUES.success);
    await unknownToUpstream(requestId);
    expect((await t.request('POST', `${BUY}/${requestId}/recheck`, { token: other.token })).status).toBe(404);
    for (let i = 0; i < 3; i++)
      expect((await t.request('POST', `${BUY}/${requestId}/recheck`, { token })).status).toBe(200);
    const limited = await t.request('POST', `${BUY}/${requestId}/recheck`, { token });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many attempts\. Try again in about 5 minutes\.$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('settles once when re-checks race the worker and each other', async () => {
    const { token, user } = await fundedAgent(t, 100_000n);
    const { requestId } = await buy(token, SANDBOX_VALUES.pendingPhone);
    t.clock.advance(11_000);
    const [a, b, c] = await Promise.all([
      t.request('POST', `${BUY}/${requestId}/recheck`, { token }),
      t.request('POST', `${BUY}/${requestId}/recheck`, { token }),
      t.request('POST', `${BUY}/${requestId}/recheck`, { token }),
      t.app.purchases.runDue(),
    ]);
    for (const answer of [a, b, c]) {
      // Each saw it pending and asked, or found it already settled.
      expect([200, 409]).toContain(answer.status);
      if (answer.status === 200) expect(answer.body.data.status).toBe('delivered');
    }
    expect((await t.request('GET', `${BUY}/${requestId}`, { token })).body.data.status).toBe('delivered');
    expect(await walletBalance(t, token)).toBe('902.00');
    expect(await refunds(user.id)).toBe(0);
  });

  it('works through the reseller API with the key, without a PIN', async () => {
    const { token } = await fundedAgent(t, 100_000n);
    const created = await t.request('POST', '/api/v1/agent/api/keys', { token });
    const key = created.body.data.secret as string;
    const requestId = randomUUID();
    const bought = await t.request('POST', RESELLER, {
      token: key,
      body: { service: 'airtime', requestId, network: 'mtn', phone: SANDBOX_VALUES.pendingPhone, amount: '100' },
    });
    expect(bought.body.data.status).toBe('pending');
    const rechecked = await t.request('POST', `${RESELLER}/${requestId}/recheck`, { token: key });
    expect(rechecked.status).toBe(200);
    expect(rechecked.body.data.status).toBe('delivered');
    expect((await t.request('POST', `${RESELLER}/${requestId}/recheck`, { token: key })).status).toBe(409);
    expect((await t.request('POST', `${RESELLER}/unknown-request/recheck`, { token: key })).status).toBe(404);
  });
});

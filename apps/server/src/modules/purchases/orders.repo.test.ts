import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken } from '../../test/test-operator.js';
import { SANDBOX_VALUES } from '../upstream/sandbox/sandbox-outcomes.js';
import { updatePlainUnresolvedOrder, type OrderChange } from './order-writes.repo.js';
import { findOrder } from './orders.repo.js';

describe('settling a delivery in one statement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    const operator = await operatorToken(t);
    await t.request('POST', '/api/v1/admin/catalog/sync', { token: operator });
  });
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  async function pendingOrder(agent: { token: string; user: { id: string } }) {
    await creditWallet(t.db, agent.user.id, 10_000n);
    const response = await t.request('POST', '/api/v1/agent/purchases', {
      token: agent.token,
      body: {
        service: 'airtime',
        requestId: randomUUID(),
        network: 'mtn',
        phone: SANDBOX_VALUES.pendingPhone,
        amount: '50',
      },
    });
    expect(response.body.data.status).toBe('pending');
    const [row] = await t.db.query<{ id: string }>('SELECT id FROM orders WHERE user_id = $1', [agent.user.id]);
    return row!.id;
  }

  const delivered = (): OrderChange => ({
    status: 'delivered',
    now: t.clock.now(),
    code: '000',
    message: 'TRANSACTION SUCCESSFUL',
    result: { token: null },
    countAttempt: true,
    history: { status: 'success', details: { upstreamTransactionId: 'u-1' } },
  });

  async function historyStatus(orderId: string) {
    const [row] = await t.db.query<{ status: string }>(
      'SELECT t.status FROM wallet_transactions t JOIN orders o ON o.transaction_id = t.id WHERE o.id = $1',
      [orderId],
    );
    return row!.status;
  }

  it('delivers an unresolved order of a plain agent, with its history row, once', async () => {
    const orderId = await pendingOrder(await registerAgent(t));
    const order = await updatePlainUnresolvedOrder(t.db, orderId, delivered());
    expect(order).toMatchObject({ id: orderId, status: 'delivered', upstream_code: '000' });
    expect(await historyStatus(orderId)).toBe('success');
    expect(await updatePlainUnresolvedOrder(t.db, orderId, delivered())).toBeUndefined();
    expect((await findOrder(t.db, orderId))!.attempts).toBe(order!.attempts);
  });

  it('leaves alone, history row included, a delivery that owes a referral bonus or a webhook event', async () => {
    const referrer = await registerAgent(t);
    const [row] = await t.db.query<{ referral_code: string }>('SELECT referral_code FROM users WHERE id = $1', [
      referrer.user.id,
    ]);
    const referred = await registerAgent(t, { referralCode: row!.referral_code });
    const withWebhook = await registerAgent(t);
    await t.db.query(
      `INSERT INTO webhook_endpoints (user_id, url, enabled, created_at, updated_at) VALUES ($1, 'https://example.com/hook', true, now(), now())`,
      [withWebhook.user.id],
    );
    for (const agent of [referred, withWebhook]) {
      const orderId = await pendingOrder(agent);
      expect(await updatePlainUnresolvedOrder(t.db, orderId, delivered())).toBeUndefined();
      expect((await findOrder(t.db, orderId))!.status).toBe('pending');
      expect(await historyStatus(orderId)).toBe('pending');
    }
  });
});

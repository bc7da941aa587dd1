import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken } from '../../test/test-operator.js';
import { createCatalogLookup } from '../catalog/catalog-lookup.js';
import { findWalletBalance } from '../ledger/ledger.repo.js';
import type { PayOutcome, UpstreamAdapter } from '../upstream/upstream.js';
import { bareOutcome } from '../upstream/upstream.js';
import { createPurchasesService } from './purchases.service.js';
import { withOneUpstream } from '../routing/single-upstream.js';

/** Answers the settlement reads from verdicts the sandbox does not give on demand. */
describe('settling on the upstream’s verdicts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    await t.request('POST', '/api/v1/admin/catalog/sync', { token: await operatorToken(t) });
  });
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  async function purchasesAnswering(answers: { pay: PayOutcome; requery?: PayOutcome }) {
    const upstream: UpstreamAdapter = {
      ...t.app.upstream,
      pay: async () => answers.pay,
      requery: async () => answers.requery ?? bareOutcome('unknown', '099', 'TRANSACTION PROCESSING'),
    };
    return createPurchasesService({
      db: t.db,
      clock: t.clock,
      ...withOneUpstream(upstream),
      catalog: await createCatalogLookup({ db: t.db, clock: t.clock }),
      log: pino({ level: 'silent' }),
      upstreamTimeoutMs: 1000,
    });
  }

  async function agentWith(kobo: bigint) {
    const agent = await registerAgent(t);
    await creditWallet(t.db, agent.user.id, kobo, { now: new Date(t.clock.now().getTime() - 1000) });
    return agent.user.id;
  }

  const airtime = () => ({
    service: 'airtime' as const,
    requestId: randomUUID(),
    network: 'mtn' as const,
    phone: '08031234567',
    amount: 10_000n,
  });

  const historyStatus = async (transactionId: string | null) =>
    (await t.db.query<{ status: string }>('SELECT status FROM wallet_transactions WHERE id = $1', [transactionId]))[0]
      ?.status;

  it('refunds a pay the upstream refused for the provider’s account (it was not taken), and alerts', async () => {
    const userId = await agentWith(100_000n);
    const purchases = await purchasesAnswering({ pay: bareOutcome('refused', '018', 'LOW WALLET BALANCE') });
    const { order } = await purchases.purchase(userId, airtime(), null);
    expect(order).toMatchObject({ status: 'failed', upstream_code: '018', alert: 'upstream-refused' });
    expect(order.alert_detail).toBe('018 LOW WALLET BALANCE');
    expect(await findWalletBalance(t.db, userId)).toBe(100_000n);
    expect(await historyStatus(order.transaction_id)).toBe('failed');
  });

  it('refunds a delivered order the upstream reverses later, once, on a webhook’s requery', async () => {
    const userId = await agentWith(100_000n);
    const delivered = { ...bareOutcome('delivered', '000', 'TRANSACTION SUCCESSFUL') };
    const reversed = bareOutcome('reversed', '040', 'TRANSACTION REVERSED');
    const purchases = await purchasesAnswering({ pay: delivered, requery: reversed });
    const { order } = await purchases.purchase(userId, airtime(), null);
    expect(order.status).toBe('delivered');
    expect(await findWalletBalance(t.db, userId)).toBe(100_000n - order.price);

    const after = await purchases.requeryByUpstreamId(order.upstream_request_id);
    expect(after).toMatchObject({ status: 'failed', upstream_code: '040', refund_transaction_id: expect.any(String) });
    expect(await historyStatus(order.transaction_id)).toBe('reversed');
    expect(await findWalletBalance(t.db, userId)).toBe(100_000n);
    // The same reversal again refunds nothing more.
    expect((await purchases.requeryByUpstreamId(order.upstream_request_id))?.status).toBe('failed');
    expect(await findWalletBalance(t.db, userId)).toBe(100_000n);
  });

  it('leaves an unresolved order’s schedule alone on a webhook whose requery settles nothing, but alerts a refusal', async () => {
    const userId = await agentWith(100_000n);
    const purchases = await purchasesAnswering({
      pay: bareOutcome('unknown', '099', 'TRANSACTION PROCESSING'),
      requery: bareOutcome('refused', '027', 'IP NOT WHITELISTED'),
    });
    const { order } = await purchases.purchase(userId, airtime(), null);
    expect(order).toMatchObject({ status: 'pending', attempts: 1 });
    const after = await purchases.requeryByUpstreamId(order.upstream_request_id);
    expect(after).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: order.next_attempt_at });
    const [row] = await t.db.query<{ alert: string; alert_detail: string }>(
      'SELECT alert, alert_detail FROM orders WHERE id = $1',
      [order.id],
    );
    expect(row).toEqual({ alert: 'upstream-refused', alert_detail: '027 IP NOT WHITELISTED' });
    expect(await findWalletBalance(t.db, userId)).toBe(100_000n - order.price);
  });
});

import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { creditWallet, expectLedgerHealthy, ledgerAccountScans } from '../../test/test-money.js';
import { findWalletBalance } from '../ledger/ledger.repo.js';
import { planWalletMovement } from '../ledger/wallet-movement.js';
import { newRequestId } from '../upstream/vtpass/request-id.js';
import { insertOrdersWithDebits, type OrderChange, type Placement } from './order-writes.repo.js';
import { createOrderBatches } from './order-batches.js';
import { findOrder } from './orders.repo.js';

const PRICE = 9_700n;

describe('orders in batches', () => {
  let t: TestApp;
  const warnings: string[] = [];
  let batches: ReturnType<typeof createOrderBatches>;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line).msg) });
    batches = createOrderBatches({ db: t.db, log });
  });
  afterEach(async () => {
    warnings.length = 0;
    await expectLedgerHealthy(t.db);
  });
  afterAll(() => t.close());

  /** What the purchase service places for ₦100 of MTN airtime at ₦97. */
  function placement(
    userId: string,
    requestId: string = randomUUID(),
    counterpart = 'upstream_float' as const,
  ): Placement {
    const now = new Date();
    const id = randomUUID();
    const debit = planWalletMovement({
      userId,
      direction: 'debit',
      amount: PRICE,
      counterpart,
      idempotencyKey: `order:${id}`,
      type: 'purchase',
      status: 'pending',
      name: 'MTN Airtime',
      description: 'MTN Airtime for 08031234567',
      service: 'mtn',
      recipient: '08031234567',
      now,
    });
    return {
      order: {
        id,
        user_id: userId,
        request_id: requestId,
        request_hash: 'hash',
        upstream_request_id: newRequestId(now),
        upstream_id: 'vtpass',
        upstream_variation_code: null,
        service: 'airtime',
        service_id: 'mtn',
        variation_code: null,
        product_name: 'MTN Airtime',
        recipient: '08031234567',
        phone: '08031234567',
        quantity: 1,
        subscription_type: null,
        face_value: 10_000n,
        price: PRICE,
        transaction_id: debit.transactionId,
        now,
        sendingUntil: new Date(now.getTime() + 60_000),
        firstRequeryAt: new Date(now.getTime() + 10_000),
      },
      debit,
    };
  }

  async function agent(kobo: bigint) {
    const { user } = await registerAgent(t);
    if (kobo > 0n) await creditWallet(t.db, user.id, kobo);
    return user.id;
  }

  const ordersOf = (userId: string) =>
    t.db.query<{ request_id: string }>('SELECT request_id FROM orders WHERE user_id = $1', [userId]);
  /** How many transactions wrote the current versions of these orders' rows. */
  const commits = async (orderIds: string[]) =>
    (
      await t.db.query<{ n: number }>(
        'SELECT count(DISTINCT xmin::text)::int AS n FROM orders WHERE id = ANY ($1::uuid[])',
        [orderIds],
      )
    )[0]!.n;

  it('answers each order of a batch as it would have been answered alone', async () => {
    const rich = await agent(100_000n);
    const tight = await agent(PRICE + 5_000n);
    const newcomer = await agent(0n);
    const used = placement(rich);
    await batches.place(used);
    const twin = randomUUID();

    // The first goes alone; the others wait for it and go together.
    const outcomes = await Promise.allSettled([
      batches.place(placement(rich)),
      batches.place(placement(rich)),
      batches.place(placement(tight)),
      batches.place(placement(tight)),
      batches.place(placement(newcomer)),
      batches.place(placement(rich, used.order.request_id)),
      batches.place(placement(rich, twin)),
      batches.place(placement(rich, twin)),
    ]);
    const answer = (index: number) => {
      const outcome = outcomes[index]!;
      return outcome.status === 'fulfilled' ? (outcome.value?.status ?? 'replay') : (outcome.reason as Error).message;
    };
    const short = 'Your wallet balance is not enough for this.';
    expect(outcomes.map((_, index) => answer(index))).toEqual([
      'pending',
      'pending',
      'pending',
      short,
      short,
      'replay',
      'pending',
      'replay',
    ]);
    expect(warnings).toEqual([]);
    // The three placed after the first share one commit.
    const placed = [1, 2, 6].map((index) => (outcomes[index] as PromiseFulfilledResult<{ id: string }>).value.id);
    expect(await commits(placed)).toBe(1);
    expect(await findWalletBalance(t.db, rich)).toBe(100_000n - 4n * PRICE);
    expect(await findWalletBalance(t.db, tight)).toBe(5_000n);
    expect(await findWalletBalance(t.db, newcomer)).toBe(0n);
    expect(await ordersOf(rich)).toHaveLength(4);
    expect(await ordersOf(tight)).toHaveLength(1);
    expect(await ordersOf(newcomer)).toHaveLength(0);
  });

  it('tries the orders of a batch that cannot apply one by one, so one bad order fails alone', async () => {
    const userId = await agent(100_000n);
    const first = batches.place(placement(userId));
    const bad = placement(userId);
    bad.debit = {
      ...bad.debit,
      postings: bad.debit.postings.map((p) => (p.amount > 0n ? { ...p, code: 'provider:nowhere' } : p)),
    };
    const others = [batches.place(placement(userId)), batches.place(bad), batches.place(placement(userId))];
    await first;
    const outcomes = await Promise.allSettled(others);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(warnings).toEqual(['a batch of orders did not apply; trying its orders one by one']);
    expect(await findWalletBalance(t.db, userId)).toBe(100_000n - 3n * PRICE);
    expect(await ordersOf(userId)).toHaveLength(3);
  });

  it('delivers the plain unresolved orders of a batch, and leaves every other order as it is', async () => {
    const plain = await agent(100_000n);
    const referred = await agent(100_000n);
    await t.db.query('UPDATE users SET referred_by = $1 WHERE id = $2', [plain, referred]);
    const orders = await Promise.all([
      batches.place(placement(plain)),
      batches.place(placement(plain)),
      batches.place(placement(referred)),
      batches.place(placement(plain)),
    ]);
    const [a, b, ofReferred, settled] = orders.map((order) => order!.id) as [string, string, string, string];
    const delivery = (orderId: string): { orderId: string; change: OrderChange } => ({
      orderId,
      change: {
        status: 'delivered',
        now: new Date(),
        code: '000',
        message: 'TRANSACTION SUCCESSFUL',
        result: { token: null },
        countAttempt: true,
        history: { status: 'success', details: { upstreamTransactionId: `u-${orderId}` } },
      },
    });
    // The first goes alone; the others wait for it and go together.
    const first = batches.deliver(delivery(settled));
    const answers = await Promise.all([a, b, ofReferred, settled].map((id) => batches.deliver(delivery(id))));
    expect((await first)!.status).toBe('delivered');
    expect(answers.map((order) => order?.status)).toEqual(['delivered', 'delivered', undefined, undefined]);
    expect(await commits([a, b])).toBe(1);
    const history = await t.db.query<{ order_id: string; status: string; details: Record<string, unknown> }>(
      `SELECT o.id AS order_id, t.status, t.details FROM orders o JOIN wallet_transactions t ON t.id = o.transaction_id
       WHERE o.id = ANY ($1::uuid[])`,
      [[a, b, ofReferred]],
    );
    const byOrder = new Map(history.map((row) => [row.order_id, row]));
    expect(byOrder.get(a)).toMatchObject({ status: 'success', details: { upstreamTransactionId: `u-${a}` } });
    expect(byOrder.get(b)).toMatchObject({ status: 'success', details: { upstreamTransactionId: `u-${b}` } });
    expect(byOrder.get(ofReferred)!.status).toBe('pending');
    expect(await findOrder(t.db, ofReferred)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await findOrder(t.db, settled)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it("locks a batch's accounts through the index on their codes", async () => {
    const [rich, other] = [await agent(100_000n), await agent(100_000n)];
    // At a thousand accounts, a generic plan of `code = ANY (codes)` judged a scan of all of
    // them cheaper than ten index probes.
    const scans = await ledgerAccountScans(t.db, 1000, (tx) =>
      insertOrdersWithDebits(tx, [placement(rich), placement(other), placement(rich)]),
    );
    expect(scans.result.filter(Boolean)).toHaveLength(3);
    expect(scans.seq).toBe(0);
    expect(scans.index).toBeGreaterThanOrEqual(3);
  });
});

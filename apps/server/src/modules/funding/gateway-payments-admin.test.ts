import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { NO_GATEWAY_FEES, recordAtGateway } from '../../test/test-gateways.js';
import { auditRowsOf, failCommitsWithAudit } from '../../test/test-audit.js';
import { expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken, operatorWithRole } from '../../test/test-operator.js';
import { LIST_GATEWAY_PAYMENTS_SQL } from './funding.repo.js';

const PAYSTACK_SECRET = 'sk_test_paystack_secret_for_tests';
const MONNIFY_SECRET = 'monnify_client_secret_for_tests';
const sign = (secret: string, raw: string) => createHmac('sha512', secret).update(raw).digest('hex');
const hex = () => randomBytes(4).toString('hex');

/**
 * Gateway payments that reached no agent (issue 21, item 3): listed for operators, credited to
 * an agent or dismissed, exactly once, audited; and the gateway's own retry never credits one
 * twice, nor one an operator has settled.
 */
describe('gateway payments an operator settles', () => {
  let t: TestApp;
  let owner: string;
  let finance: { id: string; token: string };
  let support: { id: string; token: string };

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        AUTH_IP_LIMIT_PER_MINUTE: '100000',
        PAYSTACK_SECRET_KEY: PAYSTACK_SECRET,
        MONNIFY_CLIENT_SECRET: MONNIFY_SECRET,
        ...NO_GATEWAY_FEES,
      },
    });
    owner = await operatorToken(t);
    finance = await operatorWithRole(t, owner, 'finance');
    support = await operatorWithRole(t, owner, 'support');
  }, 120_000);
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t?.close());

  /** A signed Paystack delivery of a transfer to a dedicated account no agent has on record. */
  function paystackDelivery(customerCode: string, kobo: number, reference = `PSK-${hex()}`) {
    const raw = JSON.stringify({
      event: 'charge.success',
      data: {
        reference,
        amount: kobo,
        status: 'success',
        channel: 'dedicated_nuban',
        customer: { customer_code: customerCode, email: 'payer@example.com' },
        authorization: {
          channel: 'dedicated_nuban',
          receiver_bank_account_number: '9931234567',
          sender_name: 'ADA OBI',
        },
      },
    });
    const send = async () => {
      await recordAtGateway(t, 'paystack', raw);
      const answer = await t.request('POST', '/api/v1/webhooks/paystack', {
        raw,
        headers: { 'content-type': 'application/json', 'x-paystack-signature': sign(PAYSTACK_SECRET, raw) },
      });
      expect(answer.status).toBe(200);
      return (answer.body as unknown as { outcome: string }).outcome;
    };
    return { reference, send };
  }

  /** An unmatched payment, as the gateway leaves it: its id in the operators' list. */
  async function unmatchedPayment(kobo = 250_000, customerCode = `CUS_${hex()}`) {
    const delivery = paystackDelivery(customerCode, kobo);
    expect(await delivery.send()).toBe('unmatched');
    const [row] = await t.db.query<{ id: string }>(
      `SELECT id FROM gateway_events WHERE provider = 'paystack' AND reference = $1`,
      [delivery.reference],
    );
    return { id: row!.id, customerCode, ...delivery };
  }

  const balanceOf = async (agent: { token: string }) =>
    (await t.request('GET', '/api/v1/agent/wallet/balance', { token: agent.token })).body.data
      .availableBalance as string;
  const entriesFor = async (reference: string) =>
    (
      await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM journal_entries WHERE idempotency_key = $1', [
        `paystack:${reference}`,
      ])
    )[0]!.n;
  const credit = (id: string, agentId: string, as = finance.token) =>
    t.request('POST', `/api/v1/admin/gateway-payments/${id}/credit`, {
      token: as,
      body: { agentId, reason: 'Paid before her account was recorded' },
    });
  const dismiss = (id: string, as = finance.token) =>
    t.request('POST', `/api/v1/admin/gateway-payments/${id}/dismiss`, {
      token: as,
      body: { reason: 'Not an agent; refunded by the bank' },
    });
  async function recordAccount(username: string, customerCode: string) {
    const recorded = await t.request('POST', '/api/v1/admin/virtual-accounts', {
      token: finance.token,
      body: {
        username,
        provider: 'paystack',
        accountNumber: `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
        bankName: 'Wema Bank',
        accountName: `AgentDesk/${username}`,
        providerReference: customerCode,
      },
    });
    expect(recorded.status).toBe(201);
  }

  it('lists the unmatched oldest first by cursor, with what tells whose they are, to every role', async () => {
    const made: Array<Awaited<ReturnType<typeof unmatchedPayment>>> = [];
    for (let i = 0; i < 3; i += 1) {
      made.push(await unmatchedPayment(100_000 + i));
      t.clock.advance(1000);
    }
    const monnifyRef = `MNFY|${hex()}`;
    const monnify = JSON.stringify({
      eventType: 'SUCCESSFUL_TRANSACTION',
      eventData: {
        product: { type: 'RESERVED_ACCOUNT', reference: 'ACC-nobody' },
        transactionReference: monnifyRef,
        amountPaid: '1500.25',
        paymentStatus: 'PAID',
        paymentSourceInformation: [{ accountName: 'CHIDI OKAFOR', amountPaid: 1500.25 }],
        destinationAccountInformation: { bankName: 'Sterling bank', accountNumber: '6001234567' },
      },
    });
    await recordAtGateway(t, 'monnify', monnify);
    const delivered = await t.request('POST', '/api/v1/webhooks/monnify', {
      raw: monnify,
      headers: { 'content-type': 'application/json', 'monnify-signature': sign(MONNIFY_SECRET, monnify) },
    });
    expect((delivered.body as unknown as { outcome: string }).outcome).toBe('unmatched');

    const seen: Array<Record<string, unknown>> = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<TestApp['request']>> = await t.request(
        'GET',
        `/api/v1/admin/gateway-payments?status=unmatched&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        { token: support.token },
      );
      expect(page.status, page.body.message).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...(page.body.data as Array<Record<string, unknown>>));
      cursor = page.body.meta?.nextCursor ?? null;
    } while (cursor);
    const mine = seen.filter((p) => made.some((m) => m.id === p.id) || p.reference === monnifyRef);
    expect(mine.map((p) => p.reference)).toEqual([...made.map((m) => m.reference), monnifyRef]);
    expect(mine[0]).toEqual({
      id: made[0]!.id,
      gateway: 'paystack',
      reference: made[0]!.reference,
      amount: '1000.00',
      accountNumber: '9931234567',
      customerReference: made[0]!.customerCode,
      payerName: 'ADA OBI',
      receivedAt: expect.any(String),
      status: 'unmatched',
      agent: null,
      transactionId: null,
      resolvedBy: null,
      resolvedAt: null,
      reason: null,
      verifyNote: null,
      fee: null,
    });
    expect(mine[3]).toMatchObject({
      gateway: 'monnify',
      amount: '1500.25',
      accountNumber: '6001234567',
      customerReference: 'ACC-nobody',
      payerName: 'CHIDI OKAFOR',
    });
    const times = mine.map((p) => Date.parse(p.receivedAt as string));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    const unknown = await t.request('GET', `/api/v1/admin/gateway-payments?cursor=${randomUUID()}`, { token: owner });
    expect(unknown.status).toBe(422);
    const agent = await registerAgent(t);
    expect((await t.request('GET', '/api/v1/admin/gateway-payments', { token: agent.token })).status).toBe(403);
  });

  it('credits an unmatched payment to an agent once, by whom and why, audited before and after', async () => {
    const agent = await registerAgent(t);
    const payment = await unmatchedPayment(250_000);
    const credited = await credit(payment.id, agent.user.id);
    expect(credited.status, credited.body.message).toBe(200);
    expect(credited.body.data).toMatchObject({
      id: payment.id,
      status: 'credited',
      agent: { id: agent.user.id, username: agent.body.username },
      transactionId: expect.any(String),
      resolvedBy: { id: finance.id },
      reason: 'Paid before her account was recorded',
    });
    expect(await balanceOf(agent)).toBe('2500.00');

    const again = await credit(payment.id, agent.user.id);
    expect(again.status).toBe(409);
    // The gateway's retry of a payment an operator credited is a duplicate, even once the account is known.
    await recordAccount(agent.body.username, payment.customerCode);
    expect(await payment.send()).toBe('duplicate');
    expect(await balanceOf(agent)).toBe('2500.00');
    expect(await entriesFor(payment.reference)).toBe(1);

    const listed = await t.request('GET', '/api/v1/admin/gateway-payments?status=unmatched&limit=100', {
      token: owner,
    });
    expect(listed.body.data.map((p: { id: string }) => p.id)).not.toContain(payment.id);
    const creditedList = await t.request('GET', '/api/v1/admin/gateway-payments?status=credited&limit=100', {
      token: owner,
    });
    expect(creditedList.body.data.map((p: { id: string }) => p.id)).toContain(payment.id);

    const history = (await t.request('GET', '/api/v1/agent/transactions', { token: agent.token })).body.data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ transactionType: 'funding', service: 'paystack', amount: '2500.00' });

    expect(await auditRowsOf(t.db, 'gateway-payment.credit', payment.id)).toEqual([
      expect.objectContaining({
        operator_id: finance.id,
        operator_role: 'finance',
        target_type: 'gateway-payment',
        agent_id: agent.user.id,
        before: {
          status: 'unmatched',
          gateway: 'paystack',
          reference: payment.reference,
          amount: '2500.00',
          agentId: null,
          transactionId: null,
        },
        after: {
          status: 'credited',
          gateway: 'paystack',
          reference: payment.reference,
          amount: '2500.00',
          agentId: agent.user.id,
          transactionId: credited.body.data.transactionId,
          credited: '2500.00',
        },
        reason: 'Paid before her account was recorded',
      }),
    ]);
  });

  it('credits once when two operators credit at once', async () => {
    const agent = await registerAgent(t);
    const other = await registerAgent(t);
    const payment = await unmatchedPayment(400_000);
    const answers = await Promise.all([
      credit(payment.id, agent.user.id),
      credit(payment.id, other.user.id, owner),
      credit(payment.id, agent.user.id),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const balances = [await balanceOf(agent), await balanceOf(other)].sort();
    expect(balances).toEqual(['0.00', '4000.00']);
    expect(await entriesFor(payment.reference)).toBe(1);
    expect(await auditRowsOf(t.db, 'gateway-payment.credit', payment.id)).toHaveLength(1);
  });

  it('credits once when an operator and the gateway’s retry credit at once', async () => {
    const agent = await registerAgent(t);
    const payment = await unmatchedPayment(120_000);
    await recordAccount(agent.body.username, payment.customerCode);
    const [byOperator, byGateway] = await Promise.all([credit(payment.id, agent.user.id), payment.send()]);
    expect([byOperator.status === 200 ? 'operator' : 'gateway', byGateway].sort()).toEqual(
      byOperator.status === 200 ? ['duplicate', 'operator'] : ['credited', 'gateway'],
    );
    expect(await balanceOf(agent)).toBe('1200.00');
    expect(await entriesFor(payment.reference)).toBe(1);
  });

  it('dismisses a payment that is no agent’s, audited; it is then never credited, by an operator or a retry', async () => {
    const agent = await registerAgent(t);
    const payment = await unmatchedPayment(90_000);
    expect((await dismiss(payment.id, support.token)).status).toBe(403);
    const dismissed = await dismiss(payment.id);
    expect(dismissed.status, dismissed.body.message).toBe(200);
    expect(dismissed.body.data).toMatchObject({
      status: 'dismissed',
      agent: null,
      resolvedBy: { id: finance.id },
      reason: 'Not an agent; refunded by the bank',
    });
    expect((await dismiss(payment.id)).status).toBe(409);
    expect((await credit(payment.id, agent.user.id)).status).toBe(409);
    await recordAccount(agent.body.username, payment.customerCode);
    expect(await payment.send()).toBe('duplicate');
    expect(await balanceOf(agent)).toBe('0.00');
    expect(await entriesFor(payment.reference)).toBe(0);
    expect(await auditRowsOf(t.db, 'gateway-payment.dismiss', payment.id)).toEqual([
      expect.objectContaining({
        operator_id: finance.id,
        target_type: 'gateway-payment',
        before: expect.objectContaining({ status: 'unmatched' }),
        after: expect.objectContaining({ status: 'dismissed' }),
        reason: 'Not an agent; refunded by the bank',
      }),
    ]);
  });

  it('refuses support, a target that is not an agent, an unknown payment and a missing reason', async () => {
    const agent = await registerAgent(t);
    const payment = await unmatchedPayment(50_000);
    const refused = await credit(payment.id, agent.user.id, support.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect((await credit(payment.id, finance.id)).status).toBe(422);
    expect((await credit(payment.id, randomUUID())).status).toBe(422);
    expect((await credit(randomUUID(), agent.user.id)).status).toBe(404);
    const noReason = await t.request('POST', `/api/v1/admin/gateway-payments/${payment.id}/credit`, {
      token: finance.token,
      body: { agentId: agent.user.id },
    });
    expect(noReason.status).toBe(422);
    expect(await balanceOf(agent)).toBe('0.00');
    expect(await entriesFor(payment.reference)).toBe(0);
  });

  it('leaves neither the credit nor the dismissal when their commit fails after the audit row', async () => {
    const agent = await registerAgent(t);
    const payment = await unmatchedPayment(70_000);
    const stop = await failCommitsWithAudit(t.db, 'gateway-payment.credit');
    try {
      expect((await credit(payment.id, agent.user.id)).status).toBe(500);
    } finally {
      await stop();
    }
    expect(await balanceOf(agent)).toBe('0.00');
    expect(await entriesFor(payment.reference)).toBe(0);
    expect(await auditRowsOf(t.db, 'gateway-payment.credit', payment.id)).toEqual([]);
    const [row] = await t.db.query<{ outcome: string }>('SELECT outcome FROM gateway_events WHERE id = $1', [
      payment.id,
    ]);
    expect(row!.outcome).toBe('unmatched');

    const other = await unmatchedPayment(70_000);
    const stopDismiss = await failCommitsWithAudit(t.db, 'gateway-payment.dismiss');
    try {
      expect((await dismiss(other.id)).status).toBe(500);
    } finally {
      await stopDismiss();
    }
    const [still] = await t.db.query<{ outcome: string }>('SELECT outcome FROM gateway_events WHERE id = $1', [
      other.id,
    ]);
    expect(still!.outcome).toBe('unmatched');
    expect(await auditRowsOf(t.db, 'gateway-payment.dismiss', other.id)).toEqual([]);
    expect((await credit(payment.id, agent.user.id)).status).toBe(200);
    expect(await balanceOf(agent)).toBe('700.00');
  });

  it('pages each status on its index, without a sort', async () => {
    const [row] = await t.db.query<{ id: string }>('SELECT id FROM gateway_events ORDER BY received_at LIMIT 1');
    for (const [status, cursor] of [
      ['unmatched', null],
      ['credited', row!.id],
      ['dismissed', null],
    ] as const) {
      const plan = await t.db.transaction(async (tx) => {
        for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) {
          await tx.query(`SET LOCAL ${setting} = off`);
        }
        await tx.query('SET LOCAL plan_cache_mode = force_custom_plan');
        await tx.query(`PREPARE gateway_page (text, uuid, int) AS ${LIST_GATEWAY_PAYMENTS_SQL}`);
        try {
          const [explained] = await tx.query<{ 'QUERY PLAN': unknown }>(
            `EXPLAIN (FORMAT JSON) EXECUTE gateway_page('${status}', ${cursor ? `'${cursor}'` : 'NULL'}, 21)`,
          );
          return JSON.stringify(explained!['QUERY PLAN']);
        } finally {
          await tx.query('DEALLOCATE gateway_page');
        }
      });
      expect(plan, status).toContain('"Index Name":"gateway_events_outcome_received_idx"');
      expect(plan, status).not.toContain('"Node Type":"Sort"');
    }
  });
});

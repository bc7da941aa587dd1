import { randomUUID } from 'node:crypto';
import type { AuditAction } from '@agentdesk/contract/admin/audit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callSandbox } from '../../test/sandbox-process.js';
import {
  newAgentBody,
  registerAgent,
  startTestApp,
  type ApiResponse,
  type Envelope,
  type TestApp,
} from '../../test/test-app.js';
import { auditRowsOf, failCommitsWithAudit } from '../../test/test-audit.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';
import { inviteTokenFor, newOperatorBody, operatorToken, operatorWithRole } from '../../test/test-operator.js';
import { findWalletBalance } from '../ledger/ledger.repo.js';
import { SANDBOX_PREFIX } from '../upstream/sandbox/sandbox.routes.js';
import { SANDBOX_VALUES } from '../upstream/sandbox/sandbox-outcomes.js';
import { newRequestId } from '../upstream/vtpass/request-id.js';

const USER_AGENT = 'audit-test/1.0';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Every operator action that moves money or changes an agent, an operator or the settings
 * writes its audit row in its own transaction (docs/decisions/033). For each: the row is there
 * with who, from where, before and after; and when the transaction fails after the row was
 * written (a deferred trigger fails the commit), neither the change nor the row remain.
 */
describe('audited operator actions', () => {
  let t: TestApp;
  let owner: { id: string; token: string };
  let finance: { id: string; token: string };
  let support: { id: string; token: string };
  let agent: Awaited<ReturnType<typeof registerAgent>>;
  let fundingAccountId: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '100000' } });
    const ownerToken = await operatorToken(t);
    const me = await t.request('GET', '/api/v1/admin/auth/me', { token: ownerToken });
    owner = { id: me.body.data.id, token: ownerToken };
    finance = await operatorWithRole(t, ownerToken, 'finance');
    support = await operatorWithRole(t, ownerToken, 'support');
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token: ownerToken })).status).toBe(200);
    agent = await registerAgent(t);
    await creditWallet(t.db, agent.user.id, 1_000_000n);
    const account = await t.request('POST', '/api/v1/admin/funding-accounts', {
      token: ownerToken,
      body: { bankName: 'Zenith Bank', bankCode: '057', accountNumber: '1012345671', accountName: 'Provider Ltd' },
    });
    fundingAccountId = account.body.data.id;
  }, 120_000);
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t?.close());

  /** A call as an operator, from a user agent the rows must record. */
  const call = (as: { token: string }, method: string, path: string, body?: unknown): Promise<ApiResponse<Envelope>> =>
    t.request(method, path, { token: as.token, headers: { 'user-agent': USER_AGENT }, ...(body ? { body } : {}) });

  /** Runs `work` while commits that write a row of `action` fail: it must answer 500. */
  async function failingAfterTheRow(action: AuditAction, work: () => Promise<ApiResponse<Envelope>>) {
    const stop = await failCommitsWithAudit(t.db, action);
    try {
      const answer = await work();
      expect(answer.status, answer.body.message).toBe(500);
    } finally {
      await stop();
    }
  }

  const balance = async () => findWalletBalance(t.db, agent.user.id);
  const countOf = async (sql: string, params: unknown[]) =>
    (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) AS rows`, params))[0]!.n;

  async function pendingFundingRequest(): Promise<string> {
    const reported = await t.request('POST', '/api/v1/agent/funding-requests', {
      token: agent.token,
      body: {
        accountId: fundingAccountId,
        amount: '5000',
        senderName: 'Chidi Okafor',
        reference: `AUDIT-${randomUUID().slice(0, 8)}`,
        transferDate: '2026-01-02',
      },
    });
    expect(reported.status).toBe(201);
    return reported.body.data.id;
  }

  const fundingStatus = async (id: string) =>
    (await t.db.query<{ status: string }>('SELECT status FROM funding_requests WHERE id = $1', [id]))[0]!.status;

  async function pendingOrder(): Promise<{ id: string; requestId: string }> {
    const requestId = randomUUID();
    const bought = await t.request('POST', '/api/v1/agent/purchases', {
      token: agent.token,
      body: { service: 'airtime', requestId, network: 'mtn', phone: SANDBOX_VALUES.pendingPhone, amount: '100' },
    });
    expect(bought.body.data.status).toBe('pending');
    const [order] = await t.db.query<{ id: string }>('SELECT id FROM orders WHERE request_id = $1', [requestId]);
    return { id: order!.id, requestId };
  }

  const orderOf = async (id: string) =>
    (
      await t.db.query<{ status: string; refund_transaction_id: string | null }>(
        'SELECT status, refund_transaction_id FROM orders WHERE id = $1',
        [id],
      )
    )[0]!;

  /** Makes the upstream hold a definitive failure for an order (as the sandbox's own pay failed). */
  async function failedAtTheUpstream(orderId: string) {
    const upstreamId = newRequestId(t.clock.now());
    await t.db.query('UPDATE orders SET upstream_request_id = $2 WHERE id = $1', [orderId, upstreamId]);
    const paid = await callSandbox(`${t.url}${SANDBOX_PREFIX}`, 'pay', {
      request_id: upstreamId,
      serviceID: 'mtn',
      amount: '100',
      phone: SANDBOX_VALUES.failure,
    });
    expect(paid.code).toBe('016');
  }

  const who = (operator: { id: string }, role: string) => ({
    operator_id: operator.id,
    operator_role: role,
    ip: '127.0.0.1',
    user_agent: USER_AGENT,
  });

  it('funding.approve: the credit and its row commit together', async () => {
    const id = await pendingFundingRequest();
    const before = await balance();
    await failingAfterTheRow('funding.approve', () =>
      call(finance, 'POST', `/api/v1/admin/funding-requests/${id}/approve`),
    );
    expect(await fundingStatus(id)).toBe('pending');
    expect(await balance()).toBe(before);
    expect(await countOf(`SELECT 1 FROM journal_entries WHERE idempotency_key = $1`, [`funding-request:${id}`])).toBe(
      0,
    );
    expect(await auditRowsOf(t.db, 'funding.approve', id)).toEqual([]);

    const approved = await call(finance, 'POST', `/api/v1/admin/funding-requests/${id}/approve`);
    expect(approved.status).toBe(200);
    expect(await balance()).toBe(before + 500_000n);
    const rows = await auditRowsOf(t.db, 'funding.approve', id);
    expect(rows).toEqual([
      expect.objectContaining({
        ...who(finance, 'finance'),
        target_type: 'funding-request',
        agent_id: agent.user.id,
        before: { status: 'pending', amount: '5000.00', charge: '0.00', reference: expect.stringMatching(/^AUDIT-/) },
        after: {
          status: 'approved',
          amount: '5000.00',
          charge: '0.00',
          reference: expect.stringMatching(/^AUDIT-/),
          credited: '5000.00',
          transactionId: approved.body.data.transactionId,
        },
        reason: null,
      }),
    ]);
  });

  it('funding.reject: the refusal, its reason and its row commit together', async () => {
    const id = await pendingFundingRequest();
    const reject = () =>
      call(finance, 'POST', `/api/v1/admin/funding-requests/${id}/reject`, { reason: 'No such transfer' });
    await failingAfterTheRow('funding.reject', reject);
    expect(await fundingStatus(id)).toBe('pending');
    expect(
      await countOf('SELECT 1 FROM notifications WHERE user_id = $1 AND title = $2', [
        agent.user.id,
        'Funding request declined',
      ]),
    ).toBe(0);
    expect(await auditRowsOf(t.db, 'funding.reject', id)).toEqual([]);

    expect((await reject()).status).toBe(200);
    expect(await auditRowsOf(t.db, 'funding.reject', id)).toEqual([
      expect.objectContaining({
        ...who(finance, 'finance'),
        agent_id: agent.user.id,
        before: expect.objectContaining({ status: 'pending' }),
        after: expect.objectContaining({ status: 'rejected', amount: '5000.00' }),
        reason: 'No such transfer',
      }),
    ]);
  });

  it('funding-account.create and .disable', async () => {
    const body = { bankName: 'GTBank', bankCode: '058', accountNumber: '0123456785', accountName: 'Provider Ltd' };
    await failingAfterTheRow('funding-account.create', () =>
      call(owner, 'POST', '/api/v1/admin/funding-accounts', body),
    );
    expect(await countOf('SELECT 1 FROM funding_accounts WHERE account_number = $1', [body.accountNumber])).toBe(0);

    const added = await call(owner, 'POST', '/api/v1/admin/funding-accounts', body);
    expect(added.status).toBe(201);
    const id = added.body.data.id as string;
    expect(await auditRowsOf(t.db, 'funding-account.create', id)).toEqual([
      expect.objectContaining({ ...who(owner, 'owner'), before: null, after: added.body.data, agent_id: null }),
    ]);

    await failingAfterTheRow('funding-account.disable', () =>
      call(owner, 'POST', `/api/v1/admin/funding-accounts/${id}/disable`),
    );
    expect(await countOf('SELECT 1 FROM funding_accounts WHERE id = $1 AND active', [id])).toBe(1);
    expect((await call(owner, 'POST', `/api/v1/admin/funding-accounts/${id}/disable`)).status).toBe(200);
    expect(await auditRowsOf(t.db, 'funding-account.disable', id)).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ accountNumber: '0123456785', active: true }),
        after: expect.objectContaining({ accountNumber: '0123456785', active: false }),
      }),
    ]);
  });

  it('agent.virtual-account.assign: where the gateway credits an agent', async () => {
    const body = {
      username: agent.body.username,
      provider: 'paystack',
      accountNumber: '9020000001',
      bankName: 'Wema Bank',
      accountName: 'Provider/Chidi',
      providerReference: 'CUS_audit_1',
    };
    await failingAfterTheRow('agent.virtual-account.assign', () =>
      call(finance, 'POST', '/api/v1/admin/virtual-accounts', body),
    );
    expect(await countOf('SELECT 1 FROM virtual_accounts WHERE user_id = $1', [agent.user.id])).toBe(0);
    expect((await call(finance, 'POST', '/api/v1/admin/virtual-accounts', body)).status).toBe(201);
    expect(
      (await call(finance, 'POST', '/api/v1/admin/virtual-accounts', { ...body, accountNumber: '9020000002' })).status,
    ).toBe(201);
    const rows = await auditRowsOf(t.db, 'agent.virtual-account.assign', agent.user.id);
    expect(
      rows.map((row) => [row.agent_id, row.target_type, row.before?.accountNumber ?? null, row.after?.accountNumber]),
    ).toEqual([
      [agent.user.id, 'agent', null, '9020000001'],
      [agent.user.id, 'agent', '9020000001', '9020000002'],
    ]);
  });

  it('order.requery: what the upstream said and what it changed, with the order', async () => {
    const order = await pendingOrder();
    await failingAfterTheRow('order.requery', () => call(support, 'POST', `/api/v1/admin/orders/${order.id}/requery`));
    expect((await orderOf(order.id)).status).toBe('pending');
    expect(await auditRowsOf(t.db, 'order.requery', order.id)).toEqual([]);

    const requeried = await call(support, 'POST', `/api/v1/admin/orders/${order.id}/requery`);
    expect(requeried.body.data.status).toBe('delivered');
    expect(await auditRowsOf(t.db, 'order.requery', order.id)).toEqual([
      expect.objectContaining({
        ...who(support, 'support'),
        target_type: 'order',
        agent_id: agent.user.id,
        before: expect.objectContaining({ status: 'pending', price: '98.00', recipient: SANDBOX_VALUES.pendingPhone }),
        after: expect.objectContaining({
          status: 'delivered',
          upstream: expect.objectContaining({ verdict: 'delivered' }),
        }),
      }),
    ]);
    // Its token and PINs, the customer's, are not copied into the log.
    const [row] = await auditRowsOf(t.db, 'order.requery', order.id);
    for (const key of ['token', 'cards', 'pin', 'result']) expect(Object.keys(row!.after!)).not.toContain(key);
  });

  it('order.refund on the upstream’s failure: the refund, the operator on the order and the row commit together', async () => {
    const order = await pendingOrder();
    await failedAtTheUpstream(order.id);
    const before = await balance();
    const refund = () =>
      call(finance, 'POST', `/api/v1/admin/orders/${order.id}/refund`, { reason: 'Customer never got it' });
    await failingAfterTheRow('order.refund', refund);
    expect(await orderOf(order.id)).toEqual({ status: 'pending', refund_transaction_id: null });
    expect(await balance()).toBe(before);
    expect(await auditRowsOf(t.db, 'order.refund', order.id)).toEqual([]);

    const refunded = await refund();
    expect(refunded.body.data).toMatchObject({ status: 'failed', outcome: 'refunded' });
    expect(await balance()).toBe(before + 9_800n);
    expect(await auditRowsOf(t.db, 'order.refund', order.id)).toEqual([
      expect.objectContaining({
        ...who(finance, 'finance'),
        agent_id: agent.user.id,
        reason: 'Customer never got it',
        before: expect.objectContaining({ status: 'pending', refundTransactionId: null }),
        after: expect.objectContaining({
          status: 'failed',
          refundTransactionId: (await orderOf(order.id)).refund_transaction_id,
          upstream: expect.objectContaining({ verdict: 'failed', code: '016' }),
        }),
      }),
    ]);
  });

  it('order.refund by force: written with the forced refund, not with the requery that settled nothing', async () => {
    const order = await pendingOrder();
    // The upstream has no record of it: a requery settles nothing.
    await t.db.query('UPDATE orders SET upstream_request_id = $2 WHERE id = $1', [
      order.id,
      newRequestId(t.clock.now()),
    ]);
    const before = await balance();
    const force = () =>
      call(finance, 'POST', `/api/v1/admin/orders/${order.id}/refund`, { reason: 'Upstream confirmed', force: true });
    const unforced = await call(finance, 'POST', `/api/v1/admin/orders/${order.id}/refund`, {
      reason: 'Upstream confirmed',
    });
    expect(unforced.status).toBe(409);
    expect(await auditRowsOf(t.db, 'order.refund', order.id)).toEqual([]);

    await failingAfterTheRow('order.refund', force);
    expect(await orderOf(order.id)).toEqual({ status: 'pending', refund_transaction_id: null });
    expect(await balance()).toBe(before);
    expect(await auditRowsOf(t.db, 'order.refund', order.id)).toEqual([]);

    expect((await force()).body.data.outcome).toBe('refunded-by-force');
    expect(await balance()).toBe(before + 9_800n);
    const [row] = await auditRowsOf(t.db, 'order.refund', order.id);
    expect(row).toMatchObject({
      reason: 'Upstream confirmed',
      before: { status: 'pending' },
      after: { status: 'failed', forced: true, upstream: { verdict: 'unknown-request', code: '015' } },
    });
  });

  it('catalog.service.update and catalog.plan.update', async () => {
    const discount = async () =>
      (
        await t.db.query<{ discount_bps: number }>(`SELECT discount_bps FROM catalog_services WHERE service_id = 'mtn'`)
      )[0]!.discount_bps;
    const was = await discount();
    const patch = () => call(owner, 'PATCH', '/api/v1/admin/catalog/services/mtn', { discountPercent: '2.5' });
    await failingAfterTheRow('catalog.service.update', patch);
    expect(await discount()).toBe(was);
    expect((await patch()).status).toBe(200);
    expect(await discount()).toBe(250);
    expect(await auditRowsOf(t.db, 'catalog.service.update', 'mtn')).toEqual([
      expect.objectContaining({
        ...who(owner, 'owner'),
        target_type: 'service',
        before: { discountPercent: (was / 100).toFixed(2), enabled: true },
        after: { discountPercent: '2.50', enabled: true },
      }),
    ]);

    const [plan] = await t.db.query<{ code: string; face_value: bigint }>(
      `SELECT code, face_value FROM catalog_variations WHERE service_id = 'mtn-data' AND agent_price IS NULL ORDER BY code LIMIT 1`,
    );
    const path = `/api/v1/admin/catalog/services/mtn-data/variations/${plan!.code}`;
    await failingAfterTheRow('catalog.plan.update', () =>
      call(owner, 'PATCH', path, { agentPrice: '1', enabled: false }),
    );
    expect(
      await countOf(
        `SELECT 1 FROM catalog_variations WHERE service_id = 'mtn-data' AND code = $1 AND agent_price IS NULL AND enabled`,
        [plan!.code],
      ),
    ).toBe(1);
    expect((await call(owner, 'PATCH', path, { agentPrice: '1', enabled: false })).status).toBe(200);
    const faceValue = (Number(plan!.face_value) / 100).toFixed(2);
    expect(await auditRowsOf(t.db, 'catalog.plan.update', `mtn-data/${plan!.code}`)).toEqual([
      expect.objectContaining({
        target_type: 'plan',
        before: { agentPrice: null, faceValue, enabled: true },
        after: { agentPrice: '1.00', faceValue, enabled: false },
      }),
    ]);
  });

  it('catalog.sync: its row commits with the record that the whole sync completed', async () => {
    const completedAt = async () =>
      (await t.db.query<{ completed_at: Date }>('SELECT completed_at FROM catalog_sync'))[0]!.completed_at.getTime();
    const was = await completedAt();
    const rowsBefore = await auditRowsOf(t.db, 'catalog.sync', 'upstream');
    t.clock.advance(1_000);
    await failingAfterTheRow('catalog.sync', () => call(owner, 'POST', '/api/v1/admin/catalog/sync'));
    expect(await completedAt()).toBe(was);
    expect(await auditRowsOf(t.db, 'catalog.sync', 'upstream')).toEqual(rowsBefore);

    const synced = await call(owner, 'POST', '/api/v1/admin/catalog/sync');
    expect(synced.status).toBe(200);
    expect(await completedAt()).toBeGreaterThan(was);
    const rows = await auditRowsOf(t.db, 'catalog.sync', 'upstream');
    expect(rows).toHaveLength(rowsBefore.length + 1);
    expect(rows.at(-1)).toMatchObject({ ...who(owner, 'owner'), after: synced.body.data });
  });

  it('settings.update: contact, support number and referral rule, each with before and after', async () => {
    const contact = () =>
      call(owner, 'PATCH', '/api/v1/admin/settings/contact', { phone: '08031112222', hours: '8am–6pm' });
    await failingAfterTheRow('settings.update', contact);
    expect((await call(owner, 'GET', '/api/v1/admin/settings/contact')).body.data.saved.phone).toBeNull();
    expect((await contact()).status).toBe(200);

    const support = () => call(owner, 'PUT', '/api/v1/admin/settings/support', { whatsapp: '08012345678' });
    await failingAfterTheRow('settings.update', support);
    expect((await call(owner, 'GET', '/api/v1/admin/settings/support')).body.data.whatsapp).toBeNull();
    expect((await support()).status).toBe(200);

    const referral = () => call(owner, 'PATCH', '/api/v1/admin/settings/referral', { marginPercent: '12.5' });
    await failingAfterTheRow('settings.update', referral);
    expect((await call(owner, 'GET', '/api/v1/admin/settings/referral')).body.data.marginPercent).toBe('0');
    expect((await referral()).status).toBe(200);

    expect(await auditRowsOf(t.db, 'settings.update', 'contact')).toEqual([
      expect.objectContaining({
        ...who(owner, 'owner'),
        target_type: 'settings',
        before: { phone: null, email: null, whatsapp: null, address: null, hours: null },
        after: { phone: '08031112222', email: null, whatsapp: null, address: null, hours: '8am–6pm' },
      }),
    ]);
    expect(await auditRowsOf(t.db, 'settings.update', 'support')).toEqual([
      expect.objectContaining({ before: { whatsapp: null }, after: { whatsapp: '2348012345678' } }),
    ]);
    expect(await auditRowsOf(t.db, 'settings.update', 'referral')).toEqual([
      expect.objectContaining({
        before: { fundingBonus: '0.00', marginPercent: '0', marginPurchases: 0 },
        after: { fundingBonus: '0.00', marginPercent: '12.5', marginPurchases: 0 },
      }),
    ]);
  });

  it('notification.broadcast', async () => {
    const note = { title: `Maintenance ${randomUUID().slice(0, 6)}`, body: 'From 1am to 2am.' };
    await failingAfterTheRow('notification.broadcast', () => call(owner, 'POST', '/api/v1/admin/notifications', note));
    expect(await countOf('SELECT 1 FROM notifications WHERE title = $1', [note.title])).toBe(0);
    const posted = await call(owner, 'POST', '/api/v1/admin/notifications', note);
    expect(posted.status).toBe(201);
    expect(await auditRowsOf(t.db, 'notification.broadcast', posted.body.data.id)).toEqual([
      expect.objectContaining({ ...who(owner, 'owner'), target_type: 'notification', before: null, after: note }),
    ]);
  });

  it('agent.create: never the password, generated or given', async () => {
    const { password: _p, confirmPassword: _c, ...fields } = newAgentBody();
    await failingAfterTheRow('agent.create', () => call(owner, 'POST', '/api/v1/admin/agents', fields));
    expect(await countOf('SELECT 1 FROM users WHERE username = $1', [fields.username])).toBe(0);
    const created = await call(owner, 'POST', '/api/v1/admin/agents', fields);
    expect(created.status).toBe(201);
    const rows = await auditRowsOf(t.db, 'agent.create', created.body.data.user.id);
    expect(rows).toEqual([
      expect.objectContaining({
        ...who(owner, 'owner'),
        agent_id: created.body.data.user.id,
        before: null,
        after: {
          username: fields.username,
          firstName: fields.firstName,
          lastName: fields.lastName,
          email: fields.email,
          phone: fields.phone,
          credentials: 'generated',
        },
      }),
    ]);
    expect(JSON.stringify(rows)).not.toContain(created.body.data.generatedPassword);
  });

  it('operator.invite, .activate, .role.change and .deactivate', async () => {
    const body = newOperatorBody('support');
    await failingAfterTheRow('operator.invite', () => call(owner, 'POST', '/api/v1/admin/operators', body));
    expect(await countOf('SELECT 1 FROM users WHERE username = $1', [body.username])).toBe(0);
    expect(await countOf('SELECT 1 FROM email_outbox WHERE to_address = $1', [body.email])).toBe(0);

    const invited = await call(owner, 'POST', '/api/v1/admin/operators', body);
    expect(invited.status).toBe(201);
    const id = invited.body.data.id as string;
    expect(await auditRowsOf(t.db, 'operator.invite', id)).toEqual([
      expect.objectContaining({
        ...who(owner, 'owner'),
        target_type: 'operator',
        after: { username: body.username, email: body.email, role: 'support', status: 'invited' },
      }),
    ]);

    // Accepting the invitation: the password is set, audited as the new operator's own act.
    const token = await inviteTokenFor(t, body.email);
    const accept = () =>
      t.request('POST', '/api/v1/admin/auth/accept-invite', {
        body: { token, newPassword: 'support password 1' },
        headers: { 'user-agent': USER_AGENT },
      });
    await failingAfterTheRow('operator.activate', accept);
    expect(await countOf('SELECT 1 FROM users WHERE id = $1 AND password_hash IS NULL', [id])).toBe(1);
    // The token was not spent by the failed attempt; accepting answers the operator's session.
    const accepted = await accept();
    expect(accepted.status).toBe(200);
    expect(await auditRowsOf(t.db, 'operator.activate', id)).toEqual([
      expect.objectContaining({
        ...who({ id }, 'support'),
        before: expect.objectContaining({ status: 'invited' }),
        after: expect.objectContaining({ status: 'active' }),
      }),
    ]);
    const session = accepted.body.data.authorization.token as string;

    const promote = () => call(owner, 'PATCH', `/api/v1/admin/operators/${id}`, { role: 'finance' });
    await failingAfterTheRow('operator.role.change', promote);
    expect((await t.request('GET', '/api/v1/admin/auth/me', { token: session })).body.data.role).toBe('support');
    expect((await promote()).status).toBe(200);
    expect((await t.request('GET', '/api/v1/admin/auth/me', { token: session })).body.data.role).toBe('finance');
    expect(await auditRowsOf(t.db, 'operator.role.change', id)).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ role: 'support' }),
        after: expect.objectContaining({ role: 'finance' }),
      }),
    ]);

    const deactivate = () => call(owner, 'POST', `/api/v1/admin/operators/${id}/deactivate`);
    await failingAfterTheRow('operator.deactivate', deactivate);
    expect((await t.request('GET', '/api/v1/admin/auth/me', { token: session })).status).toBe(200);
    expect((await deactivate()).status).toBe(200);
    expect((await t.request('GET', '/api/v1/admin/auth/me', { token: session })).status).toBe(401);
    expect(await auditRowsOf(t.db, 'operator.deactivate', id)).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ status: 'active', role: 'finance' }),
        after: expect.objectContaining({ status: 'deactivated', sessionsEnded: 1 }),
      }),
    ]);
  });

  it('no row holds a password, a hash or a token, whatever the action', async () => {
    const rows = await t.db.query<{ before: string | null; after: string | null }>(
      'SELECT before::text, after::text FROM audit_log',
    );
    expect(rows.length).toBeGreaterThan(15);
    for (const row of rows) {
      expect(`${row.before} ${row.after}`).not.toMatch(/password"|hash"|token"|\$argon2/i);
    }
  });

  it('is append-only: no statement may change or erase a row', async () => {
    const [row] = await t.db.query<{ id: string }>('SELECT id FROM audit_log LIMIT 1');
    expect(row?.id).toMatch(UUID);
    await expect(t.db.query(`UPDATE audit_log SET reason = 'rewritten' WHERE id = $1`, [row!.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.query('DELETE FROM audit_log WHERE id = $1', [row!.id])).rejects.toThrow(/append-only/);
    await expect(t.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    expect(
      await countOf('SELECT 1 FROM audit_log WHERE id = $1 AND reason IS DISTINCT FROM $2', [row!.id, 'rewritten']),
    ).toBe(1);
  });
});

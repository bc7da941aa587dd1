import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { auditRowsOf, failCommitsWithAudit } from '../../test/test-audit.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';
import { operatorToken, operatorWithRole } from '../../test/test-operator.js';
import { findProviderBalance, findWalletBalance } from '../ledger/ledger.repo.js';
import { agentsPageStatement } from './agents-admin.repo.js';

const A = '/api/v1/admin/agents';
const LOGIN = '/api/v1/agent/auth/login';
const KEYS = '/api/v1/agent/api/keys';
const R = '/api/v1/reseller';

/** Letters only (names refuse digits): a word no other test's agent has. */
const uniqueWord = () =>
  Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26)))
    .join('')
    .replace(/^./, (first) => first.toUpperCase());

describe('the operators’ agents API', () => {
  let t: TestApp;
  let owner: { id: string; token: string };
  let finance: { id: string; token: string };
  let finance2: { id: string; token: string };
  let support: { id: string; token: string };

  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '100000' } });
    const ownerToken = await operatorToken(t);
    const me = await t.request('GET', '/api/v1/admin/auth/me', { token: ownerToken });
    owner = { id: me.body.data.id, token: ownerToken };
    finance = await operatorWithRole(t, ownerToken, 'finance');
    finance2 = await operatorWithRole(t, ownerToken, 'finance');
    support = await operatorWithRole(t, ownerToken, 'support');
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token: ownerToken })).status).toBe(200);
  }, 120_000);
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t?.close());

  const as = (who: { token: string }, method: string, path: string, body?: unknown) =>
    t.request(method, path, { token: who.token, ...(body !== undefined ? { body } : {}) });

  describe('GET /admin/agents', () => {
    it('finds an agent by any part of a name, username, email or phone, with balance, joined and last sale', async () => {
      const first = uniqueWord();
      const last = uniqueWord();
      const agent = await registerAgent(t, { firstName: first, lastName: last });
      await registerAgent(t); // another agent, who must not match
      await creditWallet(t.db, agent.user.id, 1_000_000n);
      const bought = await t.request('POST', '/api/v1/agent/purchases', {
        token: agent.token,
        body: { service: 'airtime', requestId: randomUUID(), network: 'mtn', phone: '08031234567', amount: '100' },
      });
      expect(bought.body.data?.status, bought.body.message).toBe('delivered');

      const searches = [
        first.slice(1, 6),
        last.toLowerCase(),
        agent.body.username.slice(2),
        agent.body.email.toUpperCase(),
        agent.body.phone.slice(3),
        `+234${agent.body.phone.slice(1)}`,
      ];
      for (const q of searches) {
        const found = await as(support, 'GET', `${A}?q=${encodeURIComponent(q)}`);
        expect(found.status, q).toBe(200);
        expect(
          found.body.data.map((row: { id: string }) => row.id),
          q,
        ).toEqual([agent.user.id]);
      }
      const [row] = (await as(support, 'GET', `${A}?q=${encodeURIComponent(agent.body.email)}`)).body.data;
      expect(row).toMatchObject({
        id: agent.user.id,
        username: agent.body.username,
        firstName: first,
        lastName: last,
        email: agent.body.email,
        phone: agent.body.phone,
        status: 'active',
        balance: '9902.00',
      });
      expect(Date.parse(row.createdAt)).not.toBeNaN();
      expect(Date.parse(row.lastSaleAt)).not.toBeNaN();

      expect((await as(support, 'GET', `${A}?q=zz`)).status).toBe(422);
      expect((await as(support, 'GET', `${A}?q=${uniqueWord()}`)).body.data).toEqual([]);
      // LIKE's wildcards are searched for, not obeyed.
      expect((await as(support, 'GET', `${A}?q=${encodeURIComponent('%%%')}`)).body.data).toEqual([]);
    });

    it('pages newest first by cursor, each agent once, stable while agents join; filters by status', async () => {
      const family = uniqueWord();
      const ids: string[] = [];
      for (let index = 0; index < 7; index++) {
        t.clock.advance(1000);
        ids.unshift((await registerAgent(t, { lastName: family })).user.id);
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await as(finance, 'GET', `${A}?q=${family}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.status).toBe(200);
        seen.push(...page.body.data.map((row: { id: string }) => row.id));
        cursor = page.body.meta!.nextCursor;
        pages++;
        // An agent who joins while an operator pages does not shift the pages after it.
        if (pages === 1) {
          t.clock.advance(1000);
          await registerAgent(t, { lastName: family });
        }
      } while (cursor);
      expect(seen).toEqual(ids);
      expect(pages).toBe(3);

      await as(owner, 'POST', `${A}/${ids[2]}/suspend`, { reason: 'Chargeback under review' });
      const suspended = await as(support, 'GET', `${A}?q=${family}&status=suspended`);
      expect(suspended.body.data.map((row: { id: string }) => row.id)).toEqual([ids[2]]);
      expect(suspended.body.data[0].status).toBe('suspended');
      const active = await as(support, 'GET', `${A}?q=${family}&status=active&limit=100`);
      expect(active.body.data).toHaveLength(7);
      expect(active.body.data.map((row: { id: string }) => row.id)).not.toContain(ids[2]);

      const all = await as(support, 'GET', `${A}?status=suspended&limit=100`);
      expect(all.body.data.map((row: { id: string }) => row.id)).toContain(ids[2]);
      expect((await as(support, 'GET', `${A}?cursor=${randomUUID()}`)).status).toBe(422);
      expect((await as(support, 'GET', `${A}?status=frozen`)).status).toBe(422);
    });

    it('reads each page on an index among thousands of agents: in page order without a sort, a search by trigram', async () => {
      const [some] = await t.db.query<{ id: string }>(`SELECT id FROM users WHERE role = 'agent' LIMIT 1`);
      const ordered = ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'];
      const plans: Array<[Parameters<typeof agentsPageStatement>[0], string, string[]]> = [
        [{ limit: 20 }, 'users_agents_idx', ordered],
        [{ limit: 20, cursor: some!.id }, 'users_agents_idx', ordered],
        [{ limit: 20, status: 'active' }, 'users_agents_idx', ordered],
        [{ limit: 20, status: 'suspended' }, 'users_agents_suspended_idx', ordered],
        // A full scan of a table this small costs less than any index: forbidden, to show the index serves.
        [{ limit: 20, q: 'qzxv' }, 'users_search_idx', ['enable_seqscan']],
        [{ limit: 20, q: '0903000042', status: 'active' }, 'users_search_idx', ['enable_seqscan']],
      ];
      const rolledBack = new Error('rolled back');
      const found: string[] = [];
      await expect(
        t.db.transaction(async (tx) => {
          await tx.query(
            `INSERT INTO users (role, first_name, last_name, username, email, phone, password_hash, referral_code, created_at, updated_at)
             SELECT 'agent', 'Bulk', 'Agent' || g, 'bulk_' || g, 'bulk' || g || '@example.com', '0903' || lpad(g::text, 7, '0'),
                    'x', 'BULK' || g, now() - g * interval '1 minute', now()
             FROM generate_series(1, 5000) AS g`,
          );
          await tx.query('ANALYZE users');
          for (const [page, index, off] of plans) {
            for (const setting of ordered)
              await tx.query(`SET LOCAL ${setting} = ${off.includes(setting) ? 'off' : 'on'}`);
            const { text, params } = agentsPageStatement(page);
            const [explained] = await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${text}`, params);
            const plan = JSON.stringify(explained!['QUERY PLAN']);
            expect(plan, JSON.stringify(page)).toContain(`"Index Name":"${index}"`);
            expect(plan, JSON.stringify(page)).not.toMatch(/"Seq Scan"[^}]*"Relation Name":"users"/);
            if (off.includes('enable_sort')) expect(plan, JSON.stringify(page)).not.toContain('"Node Type":"Sort"');
            found.push(index);
          }
          throw rolledBack;
        }),
      ).rejects.toBe(rolledBack);
      expect(found).toHaveLength(plans.length);
    });
  });

  describe('GET /admin/agents/:id', () => {
    it('shows the profile, balance, counts, API keys without secrets, the webhook and referrals', async () => {
      const referrer = await registerAgent(t);
      const [code] = await t.db.query<{ referral_code: string }>('SELECT referral_code FROM users WHERE id = $1', [
        referrer.user.id,
      ]);
      const agent = await registerAgent(t, { referralCode: code!.referral_code });
      await creditWallet(t.db, agent.user.id, 500_000n);
      await t.request('POST', '/api/v1/agent/purchases', {
        token: agent.token,
        body: { service: 'airtime', requestId: randomUUID(), network: 'mtn', phone: '08031234567', amount: '100' },
      });
      const key = await t.request('POST', KEYS, { token: agent.token });
      expect(key.status).toBe(201);
      const secret = key.body.data.secret as string;
      const renamed = await t.request('PATCH', `${KEYS}/${key.body.data.id}`, {
        token: agent.token,
        body: { name: 'Shop till' },
      });
      expect(renamed.status).toBe(200);
      await t.request('PUT', '/api/v1/agent/api/webhook', {
        token: agent.token,
        body: { url: 'http://127.0.0.1:9/hook', enabled: true },
      });

      const page = await as(support, 'GET', `${A}/${agent.user.id}`);
      expect(page.status, page.body.message).toBe(200);
      expect(page.body.data).toMatchObject({
        id: agent.user.id,
        username: agent.body.username,
        status: 'active',
        suspendedAt: null,
        balance: '4902.00',
        counts: { orders: 1, fundings: 0 },
        apiKeys: [
          { id: key.body.data.id, name: 'Shop till', prefix: secret.slice(0, 12), lastUsedAt: null, status: 'active' },
        ],
        webhook: { url: 'http://127.0.0.1:9/hook', enabled: true, failedDeliveries: 0 },
        referrer: { id: referrer.user.id, username: referrer.body.username },
        referralCount: 0,
      });
      expect(JSON.stringify(page.body)).not.toContain(secret);
      expect(JSON.stringify(page.body)).not.toMatch(/hash|whsec_/i);
      const referrerPage = await as(finance, 'GET', `${A}/${referrer.user.id}`);
      expect(referrerPage.body.data).toMatchObject({
        referralCount: 1,
        referrer: null,
        webhook: null,
        apiKeys: [],
      });

      expect((await as(support, 'GET', `${A}/${randomUUID()}`)).status).toBe(404);
      expect((await as(support, 'GET', `${A}/${owner.id}`)).status).toBe(404);
    });
  });

  describe('GET /admin/agents/:id/transactions', () => {
    it('pages the agent’s wallet history newest first by cursor, by type, to every role', async () => {
      const agent = await registerAgent(t);
      const other = await registerAgent(t);
      await creditWallet(t.db, agent.user.id, 500_000n, { now: t.clock.now() });
      const foreign = await creditWallet(t.db, other.user.id, 1000n, { now: t.clock.now() });
      for (let index = 0; index < 3; index++) {
        t.clock.advance(1000);
        const bought = await t.request('POST', '/api/v1/agent/purchases', {
          token: agent.token,
          body: { service: 'airtime', requestId: randomUUID(), network: 'mtn', phone: '08031234567', amount: '100' },
        });
        expect(bought.body.data?.status, bought.body.message).toBe('delivered');
      }

      const seen: Array<{ transactionType: string; details: { balance: { after: string } } }> = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await as(
          support,
          'GET',
          `${A}/${agent.user.id}/transactions?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.status, page.body.message).toBe(200);
        seen.push(...page.body.data);
        cursor = page.body.meta!.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(2);
      expect(seen.map((row) => [row.transactionType, row.details.balance.after])).toEqual([
        ['purchase', '4706.00'],
        ['purchase', '4804.00'],
        ['purchase', '4902.00'],
        ['adjustment', '5000.00'],
      ]);

      const purchases = await as(finance, 'GET', `${A}/${agent.user.id}/transactions?type=purchase`);
      expect(purchases.body.data.map((row: { transactionType: string }) => row.transactionType)).toEqual([
        'purchase',
        'purchase',
        'purchase',
      ]);
      expect((await as(support, 'GET', `${A}/${agent.user.id}/transactions?type=funding`)).body.data).toEqual([]);

      // Another agent's movement is no cursor here; bad input and unknown agents are refused in words.
      expect((await as(support, 'GET', `${A}/${agent.user.id}/transactions?cursor=${foreign.id}`)).status).toBe(422);
      const badType = await as(support, 'GET', `${A}/${agent.user.id}/transactions?type=gift`);
      expect(badType.status).toBe(422);
      expect(badType.body.message).toContain('type is one of funding');
      expect((await as(support, 'GET', `${A}/${randomUUID()}/transactions`)).status).toBe(404);
      expect((await as(support, 'GET', `${A}/${owner.id}/transactions`)).status).toBe(404);
    });
  });

  describe('suspension', () => {
    it('ends the sessions at once and refuses sign-in, API keys and purchases; reactivation restores them', async () => {
      const agent = await registerAgent(t);
      await creditWallet(t.db, agent.user.id, 1_000_000n);
      const key = (await t.request('POST', KEYS, { token: agent.token })).body.data.secret as string;
      const buy = () => ({
        service: 'airtime',
        requestId: randomUUID(),
        network: 'mtn',
        phone: '08031234567',
        amount: '100',
      });
      expect((await t.request('GET', `${R}/balance`, { token: key })).status).toBe(200);
      expect((await t.request('GET', '/api/v1/agent/auth/me', { token: agent.token })).status).toBe(200);

      const suspended = await as(owner, 'POST', `${A}/${agent.user.id}/suspend`, { reason: 'Suspected fraud' });
      expect(suspended.status, suspended.body.message).toBe(200);
      expect(suspended.body.data).toMatchObject({ status: 'suspended', suspensionReason: 'Suspected fraud' });

      // The session ended at once.
      expect((await t.request('GET', '/api/v1/agent/auth/me', { token: agent.token })).status).toBe(401);
      const bySession = await t.request('POST', '/api/v1/agent/purchases', { token: agent.token, body: buy() });
      expect(bySession.status).toBe(401);
      // Sign-in says why, to whoever knows the password; a wrong password learns nothing.
      const login = await t.request('POST', LOGIN, {
        body: { identifier: agent.body.username, password: agent.body.password },
      });
      expect(login.status).toBe(403);
      expect(login.body).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: expect.stringMatching(/suspended/) });
      const wrong = await t.request('POST', LOGIN, {
        body: { identifier: agent.body.username, password: 'not it at all' },
      });
      expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
      // The API key is refused with its own code, for reading and for buying.
      const byKey = await t.request('GET', `${R}/balance`, { token: key });
      expect(byKey.status).toBe(403);
      expect(byKey.body.code).toBe('ACCOUNT_SUSPENDED');
      const boughtByKey = await t.request('POST', `${R}/purchases`, { token: key, body: buy() });
      expect(boughtByKey.body.code).toBe('ACCOUNT_SUSPENDED');
      const [orders] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [
        agent.user.id,
      ]);
      expect(orders!.n).toBe(0);
      expect(await findWalletBalance(t.db, agent.user.id)).toBe(1_000_000n);

      const [row] = await auditRowsOf(t.db, 'agent.suspend', agent.user.id);
      expect(row).toMatchObject({
        operator_id: owner.id,
        agent_id: agent.user.id,
        reason: 'Suspected fraud',
        before: { status: 'active' },
        after: { status: 'suspended', sessionsEnded: 1 },
      });
      expect((await as(owner, 'POST', `${A}/${agent.user.id}/suspend`, { reason: 'Again' })).status).toBe(409);

      const back = await as(owner, 'POST', `${A}/${agent.user.id}/reactivate`, { reason: 'Cleared by the bank' });
      expect(back.status, back.body.message).toBe(200);
      expect(back.body.data).toMatchObject({ status: 'active', suspendedAt: null, suspensionReason: null });
      const again = await t.request('POST', LOGIN, {
        body: { identifier: agent.body.username, password: agent.body.password },
      });
      expect(again.status).toBe(200);
      const token = again.body.data.authorization.token as string;
      expect((await t.request('POST', '/api/v1/agent/purchases', { token, body: buy() })).body.data?.status).toBe(
        'delivered',
      );
      expect((await t.request('POST', `${R}/purchases`, { token: key, body: buy() })).status).toBe(201);
      expect(await auditRowsOf(t.db, 'agent.reactivate', agent.user.id)).toMatchObject([
        { reason: 'Cleared by the bank', before: { status: 'suspended', suspensionReason: 'Suspected fraud' } },
      ]);
      expect((await as(owner, 'POST', `${A}/${agent.user.id}/reactivate`, { reason: 'Again' })).status).toBe(409);
      expect((await as(owner, 'POST', `${A}/${randomUUID()}/suspend`, { reason: 'Nobody' })).status).toBe(404);
    });

    it('leaves neither the suspension nor its row when the commit fails after the row', async () => {
      const agent = await registerAgent(t);
      const stop = await failCommitsWithAudit(t.db, 'agent.suspend');
      try {
        const failed = await as(owner, 'POST', `${A}/${agent.user.id}/suspend`, { reason: 'Suspected fraud' });
        expect(failed.status).toBe(500);
      } finally {
        await stop();
      }
      expect(await auditRowsOf(t.db, 'agent.suspend', agent.user.id)).toEqual([]);
      expect((await t.request('GET', '/api/v1/agent/auth/me', { token: agent.token })).status).toBe(200);
      expect((await as(support, 'GET', `${A}/${agent.user.id}`)).body.data.status).toBe('active');
    });
  });

  describe('POST /admin/agents/:id/password-reset', () => {
    it('emails the agent the usual reset code, which sets a new password', async () => {
      const agent = await registerAgent(t);
      const sent = await as(support, 'POST', `${A}/${agent.user.id}/password-reset`);
      expect(sent.status, sent.body.message).toBe(200);
      expect(sent.body.data).toEqual({ email: agent.body.email });
      const [mail] = await t.db.query<{ body_text: string }>(
        `SELECT body_text FROM email_outbox WHERE to_address = $1 AND subject = 'Your password reset code'`,
        [agent.body.email],
      );
      const code = /\b(\d{6})\b/.exec(mail!.body_text)![1]!;
      const exchanged = await t.request('POST', '/api/v1/agent/auth/otp-reset-password', {
        body: { identifier: agent.body.email, code },
      });
      expect(exchanged.status).toBe(200);
      const confirmed = await t.request('POST', '/api/v1/agent/auth/confirm-reset-password', {
        body: { resetToken: exchanged.body.data.resetToken, newPassword: 'a brand new one 7' },
      });
      expect(confirmed.status).toBe(200);
      const [row] = await auditRowsOf(t.db, 'agent.password-reset', agent.user.id);
      expect(row).toMatchObject({ operator_id: support.id, operator_role: 'support', agent_id: agent.user.id });
      expect(JSON.stringify(row)).not.toContain(code);
      expect((await as(support, 'POST', `${A}/${randomUUID()}/password-reset`)).status).toBe(404);
    });
  });

  describe('wallet adjustments', () => {
    const adjust = (who: { token: string }, agentId: string, body: Record<string, unknown>) =>
      as(who, 'POST', `${A}/${agentId}/adjustments`, { idempotencyKey: `key-${randomUUID()}`, ...body });
    const journalEntriesOf = async (adjustmentId: string) =>
      (
        await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM journal_entries WHERE idempotency_key = $1`, [
          `adjustment:${adjustmentId}`,
        ])
      )[0]!.n;

    it('credits and debits under the threshold at once, balanced against the adjustments account, audited', async () => {
      const agent = await registerAgent(t);
      const providerBefore = await findProviderBalance(t.db, 'adjustments');
      const credited = await adjust(finance, agent.user.id, {
        direction: 'credit',
        amount: '2500.50',
        reason: 'Compensation for a failed token',
      });
      expect(credited.status, credited.body.message).toBe(200);
      expect(credited.body.data).toMatchObject({
        direction: 'credit',
        amount: '2500.50',
        status: 'posted',
        balanceBefore: '0.00',
        balanceAfter: '2500.50',
        requestedBy: { id: finance.id },
        decidedBy: null,
      });
      t.clock.advance(1000);
      const debited = await adjust(owner, agent.user.id, {
        direction: 'debit',
        amount: '500',
        reason: 'Duplicate credit',
      });
      expect(debited.status, debited.body.message).toBe(200);
      expect(debited.body.data).toMatchObject({ status: 'posted', balanceBefore: '2500.50', balanceAfter: '2000.50' });
      expect(await findWalletBalance(t.db, agent.user.id)).toBe(200_050n);
      expect(await findProviderBalance(t.db, 'adjustments')).toBe(providerBefore - 200_050n);

      const history = await t.db.query<{ type: string; direction: string; amount: bigint }>(
        `SELECT type, direction, amount FROM wallet_transactions WHERE user_id = $1 ORDER BY created_at, direction`,
        [agent.user.id],
      );
      expect(history).toEqual([
        { type: 'adjustment', direction: 'credit', amount: 250_050n },
        { type: 'adjustment', direction: 'debit', amount: 50_000n },
      ]);
      const [row] = await auditRowsOf(t.db, 'wallet.adjust', credited.body.data.id);
      expect(row).toMatchObject({
        operator_id: finance.id,
        operator_role: 'finance',
        target_type: 'adjustment',
        agent_id: agent.user.id,
        reason: 'Compensation for a failed token',
        before: { balance: '0.00' },
        after: { balance: '2500.50', direction: 'credit', amount: '2500.50', status: 'posted' },
      });
      const listed = await as(finance, 'GET', `${A}/${agent.user.id}/adjustments?limit=1`);
      expect(listed.body.data.map((item: { id: string }) => item.id)).toEqual([debited.body.data.id]);
      const rest = await as(finance, 'GET', `${A}/${agent.user.id}/adjustments?cursor=${listed.body.meta!.nextCursor}`);
      expect(rest.body.data.map((item: { id: string }) => item.id)).toEqual([credited.body.data.id]);
      expect(rest.body.meta!.nextCursor).toBeNull();
    });

    it('refuses a debit beyond the balance, leaving the wallet and the log as they were', async () => {
      const agent = await registerAgent(t);
      await creditWallet(t.db, agent.user.id, 100_000n);
      const refused = await adjust(finance, agent.user.id, {
        direction: 'debit',
        amount: '1000.01',
        reason: 'Too much',
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'The wallet holds ₦1,000.00: a debit of ₦1,000.01 would take it below zero. Nothing was changed.',
      );
      expect(await findWalletBalance(t.db, agent.user.id)).toBe(100_000n);
      const [counts] = await t.db.query<{ adjustments: number; audit: number }>(
        `SELECT (SELECT count(*)::int FROM wallet_adjustments WHERE agent_id = $1) AS adjustments,
                (SELECT count(*)::int FROM audit_log WHERE agent_id = $1) AS audit`,
        [agent.user.id],
      );
      expect(counts).toEqual({ adjustments: 0, audit: 0 });
      const exact = await adjust(finance, agent.user.id, { direction: 'debit', amount: '1000', reason: 'All of it' });
      expect(exact.body.data).toMatchObject({ status: 'posted', balanceAfter: '0.00' });
    });

    it('posts once per idempotency key: a retry, and the same key twice at once, answer the same adjustment', async () => {
      const agent = await registerAgent(t);
      const body = { direction: 'credit', amount: '700', reason: 'Goodwill', idempotencyKey: `retry-${randomUUID()}` };
      const first = await as(finance, 'POST', `${A}/${agent.user.id}/adjustments`, body);
      const retry = await as(finance, 'POST', `${A}/${agent.user.id}/adjustments`, body);
      expect(first.status).toBe(200);
      expect(retry.status).toBe(200);
      expect(retry.body.data).toEqual(first.body.data);
      expect(retry.body.message).toMatch(/Already made with this idempotency key/);
      const changed = await as(finance, 'POST', `${A}/${agent.user.id}/adjustments`, { ...body, amount: '701' });
      expect(changed.status).toBe(409);
      expect(changed.body.errors?.[0]?.path).toBe('idempotencyKey');

      const raced = { ...body, idempotencyKey: `race-${randomUUID()}` };
      const both = await Promise.all([
        as(finance, 'POST', `${A}/${agent.user.id}/adjustments`, raced),
        as(owner, 'POST', `${A}/${agent.user.id}/adjustments`, raced),
      ]);
      expect(both.map((answer) => answer.status)).toEqual([200, 200]);
      expect(both[0].body.data.id).toBe(both[1].body.data.id);
      expect(await findWalletBalance(t.db, agent.user.id)).toBe(140_000n);
      expect(await journalEntriesOf(both[0].body.data.id)).toBe(1);
    });

    it('waits above the threshold for a second operator, who posts it once; the requester cannot approve', async () => {
      const agent = await registerAgent(t);
      await creditWallet(t.db, agent.user.id, 100_000n);
      const requested = await adjust(finance, agent.user.id, {
        direction: 'credit',
        amount: '50000.01',
        reason: 'Bulk transfer credited to the wrong agent',
      });
      expect(requested.status).toBe(200);
      expect(requested.body.message).toMatch(/waiting for a second operator/);
      expect(requested.body.data).toMatchObject({ status: 'pending', transactionId: null, balanceAfter: null });
      const id = requested.body.data.id as string;
      expect(await findWalletBalance(t.db, agent.user.id)).toBe(100_000n);
      expect(await auditRowsOf(t.db, 'wallet.adjust.request', id)).toMatchObject([
        { operator_id: finance.id, before: { balance: '1000.00' }, after: { status: 'pending', balance: '1000.00' } },
      ]);
      // Exactly the threshold is posted at once.
      const atThreshold = await adjust(finance, agent.user.id, {
        direction: 'credit',
        amount: '50000',
        reason: 'Exact',
      });
      expect(atThreshold.body.data.status).toBe('posted');

      const approvePath = `${A}/${agent.user.id}/adjustments/${id}/approve`;
      const own = await as(finance, 'POST', approvePath);
      expect(own.status).toBe(403);
      expect(own.body.message).toBe('You requested this adjustment: another operator must approve it');
      expect((await as(support, 'POST', approvePath)).status).toBe(403);
      expect(
        (await as(finance, 'POST', `${A}/${agent.user.id}/adjustments/${id}/reject`, { reason: 'Mine' })).status,
      ).toBe(403);
      expect(await findWalletBalance(t.db, agent.user.id)).toBe(5_100_000n);

      const approved = await as(finance2, 'POST', approvePath);
      expect(approved.status, approved.body.message).toBe(200);
      expect(approved.body.data).toMatchObject({
        status: 'posted',
        decidedBy: { id: finance2.id },
        balanceBefore: '51000.00',
        balanceAfter: '101000.01',
      });
      expect(await findWalletBalance(t.db, agent.user.id)).toBe(10_100_001n);
      expect(await auditRowsOf(t.db, 'wallet.adjust.approve', id)).toMatchObject([
        {
          operator_id: finance2.id,
          before: { status: 'pending', balance: '51000.00' },
          after: { status: 'posted', balance: '101000.01', requestedBy: finance.id },
        },
      ]);
      const twice = await as(owner, 'POST', approvePath);
      expect(twice.status).toBe(409);
      expect(await journalEntriesOf(id)).toBe(1);
      expect((await as(owner, 'POST', `${A}/${agent.user.id}/adjustments/${randomUUID()}/approve`)).status).toBe(404);
    });

    it('posts once when two operators approve at once', async () => {
      const agent = await registerAgent(t);
      const requested = await adjust(finance, agent.user.id, {
        direction: 'credit',
        amount: '75000',
        reason: 'Refund',
      });
      const path = `${A}/${agent.user.id}/adjustments/${requested.body.data.id}/approve`;
      const answers = await Promise.all([as(owner, 'POST', path), as(finance2, 'POST', path)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(await findWalletBalance(t.db, agent.user.id)).toBe(7_500_000n);
      expect(await journalEntriesOf(requested.body.data.id)).toBe(1);
      expect(await auditRowsOf(t.db, 'wallet.adjust.approve', requested.body.data.id)).toHaveLength(1);
    });

    it('a rejected adjustment is never posted; a pending debit the wallet cannot cover stays pending', async () => {
      const agent = await registerAgent(t);
      await creditWallet(t.db, agent.user.id, 6_000_000n);
      const debit = await adjust(finance, agent.user.id, { direction: 'debit', amount: '60000', reason: 'Recovery' });
      expect(debit.body.data.status).toBe('pending');
      const base = `${A}/${agent.user.id}/adjustments/${debit.body.data.id}`;
      await adjust(owner, agent.user.id, { direction: 'debit', amount: '20000', reason: 'Earlier recovery' });
      const short = await as(finance2, 'POST', `${base}/approve`);
      expect(short.status).toBe(409);
      expect(short.body.message).toMatch(/^The wallet holds ₦40,000.00/);
      expect(await findWalletBalance(t.db, agent.user.id)).toBe(4_000_000n);

      const rejected = await as(owner, 'POST', `${base}/reject`, { reason: 'Recovered by transfer instead' });
      expect(rejected.status).toBe(200);
      expect(rejected.body.data).toMatchObject({
        status: 'rejected',
        decidedBy: { id: owner.id },
        decisionReason: 'Recovered by transfer instead',
      });
      expect((await as(finance2, 'POST', `${base}/approve`)).status).toBe(409);
      expect(await findWalletBalance(t.db, agent.user.id)).toBe(4_000_000n);
      expect(await journalEntriesOf(debit.body.data.id)).toBe(0);
      expect(await auditRowsOf(t.db, 'wallet.adjust.reject', debit.body.data.id)).toMatchObject([
        { operator_id: owner.id, reason: 'Recovered by transfer instead', after: { status: 'rejected' } },
      ]);
    });

    it('leaves neither the movement nor its row when the commit fails after the row', async () => {
      const agent = await registerAgent(t);
      const stop = await failCommitsWithAudit(t.db, 'wallet.adjust');
      try {
        const failed = await adjust(finance, agent.user.id, { direction: 'credit', amount: '100', reason: 'Test' });
        expect(failed.status).toBe(500);
      } finally {
        await stop();
      }
      expect(await findWalletBalance(t.db, agent.user.id)).toBe(0n);
      const [counts] = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM wallet_adjustments WHERE agent_id = $1',
        [agent.user.id],
      );
      expect(counts!.n).toBe(0);

      const pending = await adjust(finance, agent.user.id, { direction: 'credit', amount: '60000', reason: 'Big' });
      const stopApprove = await failCommitsWithAudit(t.db, 'wallet.adjust.approve');
      try {
        const failed = await as(owner, 'POST', `${A}/${agent.user.id}/adjustments/${pending.body.data.id}/approve`);
        expect(failed.status).toBe(500);
      } finally {
        await stopApprove();
      }
      expect(await findWalletBalance(t.db, agent.user.id)).toBe(0n);
      const list = await as(owner, 'GET', `${A}/${agent.user.id}/adjustments`);
      expect(list.body.data[0]).toMatchObject({ id: pending.body.data.id, status: 'pending' });
    });

    it('refuses bad input and unknown agents', async () => {
      const agent = await registerAgent(t);
      for (const body of [
        { direction: 'sideways', amount: '10', reason: 'Bad' },
        { direction: 'credit', amount: '0', reason: 'Zero' },
        { direction: 'credit', amount: '-5', reason: 'Negative' },
        { direction: 'credit', amount: '10', reason: '' },
        { direction: 'credit', amount: '10', reason: 'Short key', idempotencyKey: 'x' },
      ]) {
        expect((await adjust(finance, agent.user.id, body)).status, JSON.stringify(body)).toBe(422);
      }
      expect(
        (await adjust(finance, randomUUID(), { direction: 'credit', amount: '10', reason: 'Nobody' })).status,
      ).toBe(404);
      expect((await as(finance, 'GET', `${A}/${randomUUID()}/adjustments`)).status).toBe(404);
    });
  });
});

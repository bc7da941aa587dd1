import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR, seedDemoAccounts } from '../../seed/demo-accounts.js';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { expectLedgerHealthy } from '../../test/test-money.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const today = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

/** The provider's bank account the tests list for transfers. */
const PROVIDER_ACCOUNT = {
  bankName: 'GTBank',
  bankCode: '058',
  accountNumber: '0123456785',
  accountName: 'Provider Ltd',
};

describe('manual funding', () => {
  let t: TestApp;
  let operator: string;
  let accountId: string;
  let refCounter = 0;

  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    await seedDemoAccounts(t.db, pino({ level: 'silent' }));
    const login = await t.request('POST', '/api/v1/admin/auth/login', {
      body: { identifier: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password },
    });
    operator = login.body.data.authorization.token;
    const account = await t.request('POST', '/api/v1/admin/funding-accounts', {
      token: operator,
      body: {
        ...PROVIDER_ACCOUNT,
        instructions: 'Use your username as narration',
        chargeFlat: '50',
        chargePercent: '1.5',
        minimum: '1000',
      },
    });
    expect(account.status).toBe(201);
    accountId = account.body.data.id;
  });
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  const report = (token: string, overrides: Record<string, unknown> = {}) =>
    t.request('POST', '/api/v1/agent/funding-requests', {
      token,
      body: {
        accountId,
        amount: '10000',
        senderName: 'Chidi Okafor',
        reference: `TRF${++refCounter}X`,
        transferDate: today(),
        ...overrides,
      },
    });

  it('pages an agent’s reports by cursor, and takes no cursor from another agent’s list', async () => {
    const { token } = await registerAgent(t);
    for (let i = 0; i < 3; i++) expect((await report(token)).status).toBe(201);
    const list = (query: string, as = token) =>
      t.request('GET', `/api/v1/agent/funding-requests?${query}`, { token: as });
    const first = await list('limit=2');
    expect(first.body.data).toHaveLength(2);
    const cursor = first.body.meta?.nextCursor as string;
    expect(cursor).toBeTruthy();
    const second = await list(`limit=2&cursor=${cursor}`);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.meta?.nextCursor).toBeNull();
    const ids = [...first.body.data, ...second.body.data].map((row: { id: string }) => row.id);
    expect(new Set(ids).size).toBe(3);

    const other = await registerAgent(t);
    for (const [query, as] of [
      [`cursor=${cursor}`, other.token],
      ['cursor=00000000-0000-4000-8000-000000000000', token],
    ] as const) {
      const refused = await list(query, as);
      expect(refused.status, query).toBe(422);
      expect(refused.body.errors?.[0]?.path).toBe('cursor');
    }
    const queue = await t.request('GET', '/api/v1/admin/funding-requests?cursor=00000000-0000-4000-8000-000000000000', {
      token: operator,
    });
    expect(queue.status).toBe(422);
    expect(queue.body.errors?.[0]?.path).toBe('cursor');
  });

  it('refuses a charge over 100 %, naming chargePercent', async () => {
    for (const chargePercent of ['100.5', '100.01', '1.234']) {
      const refused = await t.request('POST', '/api/v1/admin/funding-accounts', {
        token: operator,
        body: { ...PROVIDER_ACCOUNT, chargePercent },
      });
      expect(refused.status, chargePercent).toBe(422);
      expect(refused.body.errors?.[0]?.path).toBe('chargePercent');
    }
  });

  it('shows the provider accounts with their charge and minimum', async () => {
    const { token } = await registerAgent(t);
    const response = await t.request('GET', '/api/v1/agent/manual-funding', { token });
    expect(response.status).toBe(200);
    expect(response.body.data.accounts).toEqual([
      {
        id: accountId,
        bankName: 'GTBank',
        bankCode: '058',
        accountNumber: '0123456785',
        accountName: 'Provider Ltd',
        instructions: 'Use your username as narration',
        charge: { flat: '50.00', percent: '1.50' },
        minimum: '1000.00',
      },
    ]);
    expect(response.body.data.virtualAccounts).toEqual([]);
  });

  it('takes a report with a proof, fixes the charge, and credits amount less charge exactly once on approval', async () => {
    const { token, user } = await registerAgent(t);
    const reported = await report(token, { proof: { fileName: 'receipt.png', contentBase64: PNG.toString('base64') } });
    expect(reported.status).toBe(201);
    // 1.5 % of ₦10,000 is ₦150, plus ₦50 flat.
    expect(reported.body.data).toMatchObject({
      amount: '10000.00',
      charge: '200.00',
      creditAmount: '9800.00',
      status: 'pending',
    });
    expect(reported.body.data.proof).toEqual({ fileName: 'receipt.png', contentType: 'image/png', size: PNG.length });
    const id = reported.body.data.id as string;

    const approved = await t.request('POST', `/api/v1/admin/funding-requests/${id}/approve`, { token: operator });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', agent: { id: user.id } });
    const again = await t.request('POST', `/api/v1/admin/funding-requests/${id}/approve`, { token: operator });
    expect(again.status).toBe(409);

    expect((await t.request('GET', '/api/v1/agent/wallet/balance', { token })).body.data.availableBalance).toBe(
      '9800.00',
    );
    const history = (await t.request('GET', '/api/v1/agent/transactions', { token })).body.data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      transactionType: 'funding',
      amount: '9800.00',
      status: 'success',
      details: { charge: '200.00' },
    });
    const [fees] = await t.db.query<{ balance: bigint }>(
      `SELECT balance FROM ledger_accounts WHERE code = 'provider:fees'`,
    );
    expect(fees!.balance).toBeGreaterThanOrEqual(20_000n);
    const notes = await t.db.query<{ title: string }>('SELECT title FROM notifications WHERE user_id = $1', [user.id]);
    expect(notes.map((n) => n.title)).toEqual(['Wallet funded']);
    const mine = await t.request('GET', `/api/v1/agent/funding-requests/${id}`, { token });
    expect(mine.body.data).toMatchObject({ status: 'approved', transactionId: history[0].id });
  });

  it('credits once when operators approve the same request concurrently', async () => {
    const { token, user } = await registerAgent(t);
    const id = (await report(token)).body.data.id as string;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request('POST', `/api/v1/admin/funding-requests/${id}/approve`, { token: operator }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const [row] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM wallet_transactions WHERE user_id = $1`,
      [user.id],
    );
    expect(row!.n).toBe(1);
  });

  it('rejects with a reason the agent sees, and credits nothing', async () => {
    const { token, user } = await registerAgent(t);
    const id = (await report(token)).body.data.id as string;
    const rejected = await t.request('POST', `/api/v1/admin/funding-requests/${id}/reject`, {
      token: operator,
      body: { reason: 'No such transfer received' },
    });
    expect(rejected.status).toBe(200);
    expect((await t.request('POST', `/api/v1/admin/funding-requests/${id}/approve`, { token: operator })).status).toBe(
      409,
    );
    const mine = await t.request('GET', `/api/v1/agent/funding-requests`, { token });
    expect(mine.body.data[0]).toMatchObject({ status: 'rejected', rejectReason: 'No such transfer received' });
    expect((await t.request('GET', '/api/v1/agent/wallet/balance', { token })).body.data.availableBalance).toBe('0.00');
    const notes = await t.db.query<{ title: string }>('SELECT title FROM notifications WHERE user_id = $1', [user.id]);
    expect(notes.map((n) => n.title)).toEqual(['Funding request declined']);
  });

  it('lists the pending queue for operators, oldest first', async () => {
    const { token } = await registerAgent(t);
    const first = (await report(token)).body.data.id;
    t.clock.advance(1000);
    const second = (await report(token)).body.data.id;
    const queue = await t.request('GET', '/api/v1/admin/funding-requests?status=pending&limit=100', {
      token: operator,
    });
    const ids = queue.body.data.map((row: { id: string }) => row.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
  });

  it('refuses a transfer reference reported twice', async () => {
    const { token } = await registerAgent(t);
    expect((await report(token, { reference: 'DUP-1234' })).status).toBe(201);
    const dup = await report(token, { reference: 'dup-1234' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors?.[0]?.path).toBe('reference');
  });

  it.each([
    [{ amount: '999.99' }, 'amount', /minimum/],
    [{ amount: '-5' }, 'amount', /amount/],
    [{ amount: '10.123' }, 'amount', /amount/],
    [{ amount: 'ten' }, 'amount', /amount/],
    [{ accountId: '00000000-0000-4000-8000-000000000000' }, 'accountId', /accounts/],
    [{ accountId: 'x' }, 'accountId', /accounts/],
    [{ transferDate: '2999-01-01' }, 'transferDate', /future/],
    [{ transferDate: 'yesterday' }, 'transferDate', /date/],
    [{ senderName: '' }, 'senderName', /required/],
    [{ reference: 'a<script>' }, 'reference', /reference/i],
    [
      { proof: { fileName: 'x.exe', contentBase64: Buffer.from('MZ\x90\x00 not a picture').toString('base64') } },
      'proof',
      /PNG/,
    ],
    [{ proof: { fileName: 'x.png', contentBase64: '!!!notbase64' } }, 'proof', /base64/],
    [{ tip: '1' }, 'tip', /Unknown/],
  ])('refuses %j naming %s', async (overrides, path, message) => {
    const { token } = await registerAgent(t);
    const response = await report(token, overrides);
    expect(response.status).toBe(422);
    const error = response.body.errors?.find((e) => e.path === path || e.path.startsWith(`${path}.`));
    expect(error?.message).toMatch(message);
  });

  it('refuses a proof over 2 MB', async () => {
    const { token } = await registerAgent(t);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const response = await report(token, { proof: { fileName: 'big.png', contentBase64: big.toString('base64') } });
    expect(response.status).toBe(422);
    expect(response.body.errors?.[0]?.path).toMatch(/^proof/);
  });

  it("answers another agent's request as not found", async () => {
    const owner = await registerAgent(t);
    const other = await registerAgent(t);
    const id = (await report(owner.token)).body.data.id;
    expect((await t.request('GET', `/api/v1/agent/funding-requests/${id}`, { token: other.token })).status).toBe(404);
    expect((await t.request('GET', `/api/v1/agent/funding-requests`, { token: other.token })).body.data).toEqual([]);
  });

  it('shows operators the proof itself, byte for byte, inline and sandboxed; a report without one is a 404, and agents are refused', async () => {
    const { token } = await registerAgent(t);
    const withProof = (
      await report(token, { proof: { fileName: 'receipt 1.png', contentBase64: PNG.toString('base64') } })
    ).body.data.id as string;
    const response = await fetch(`${t.url}/api/v1/admin/funding-requests/${withProof}/proof`, {
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toBe('inline; filename="receipt 1.png"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);

    const without = (await report(token)).body.data.id as string;
    const missing = await t.request('GET', `/api/v1/admin/funding-requests/${without}/proof`, { token: operator });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('This transfer has no proof attached');
    expect((await t.request('GET', `/api/v1/admin/funding-requests/${withProof}/proof`, { token })).status).toBe(403);
    const bad = await t.request('GET', '/api/v1/admin/funding-requests/not-a-uuid/proof', { token: operator });
    expect(bad.status).toBe(422);
  });

  it('keeps agents out of the operator queue', async () => {
    const { token } = await registerAgent(t);
    expect((await t.request('GET', '/api/v1/admin/funding-requests', { token })).status).toBe(403);
    const id = (await report(token)).body.data.id;
    expect((await t.request('POST', `/api/v1/admin/funding-requests/${id}/approve`, { token })).status).toBe(403);
  });
});

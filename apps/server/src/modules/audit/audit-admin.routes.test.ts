import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { operatorToken, operatorWithRole } from '../../test/test-operator.js';
import { LIST_AUDIT_SQL, listAuditParams, type AuditFilter } from './audit.repo.js';

const DAY = 86_400_000;
/** The Lagos calendar date of an instant (UTC+1 all year). */
const lagosDate = (at: Date) => new Date(at.getTime() + 3_600_000).toISOString().slice(0, 10);

interface Entry {
  id: string;
  at: string;
  action: string;
  operator: { id: string; username: string } | null;
  operatorRole: string | null;
  target: { type: string; id: string };
  agentId: string | null;
}

describe('GET /api/v1/admin/audit', () => {
  let t: TestApp;
  let owner: { id: string; token: string };
  let finance: { id: string; token: string };
  let support: { id: string; token: string };
  const agents: Array<{ id: string; token: string }> = [];
  const days: string[] = [];
  const approvals: string[] = [];

  beforeAll(async () => {
    // Sessions that outlive the three days the clock moves on.
    t = await startTestApp({
      env: { AUTH_IP_LIMIT_PER_MINUTE: '100000', SESSION_IDLE_MINUTES: '10080', SESSION_ABSOLUTE_HOURS: '240' },
    });
    const ownerToken = await operatorToken(t);
    owner = {
      id: (await t.request('GET', '/api/v1/admin/auth/me', { token: ownerToken })).body.data.id,
      token: ownerToken,
    };
    finance = await operatorWithRole(t, owner.token, 'finance');
    support = await operatorWithRole(t, owner.token, 'support');
    const account = await t.request('POST', '/api/v1/admin/funding-accounts', {
      token: owner.token,
      body: { bankName: 'Zenith Bank', bankCode: '057', accountNumber: '1012345671', accountName: 'Provider Ltd' },
    });
    for (let i = 0; i < 2; i++) {
      const agent = await registerAgent(t);
      agents.push({ id: agent.user.id, token: agent.token });
    }
    // Three Lagos days of work: each day a notice by the owner and an approval by finance for
    // each agent in turn.
    for (let day = 0; day < 3; day++) {
      t.clock.advance(DAY);
      days.push(lagosDate(t.clock.now()));
      await t.request('POST', '/api/v1/admin/notifications', {
        token: owner.token,
        body: { title: `Notice of day ${day}`, body: 'Hello' },
      });
      const agent = agents[day % 2]!;
      const reported = await t.request('POST', '/api/v1/agent/funding-requests', {
        token: agent.token,
        body: {
          accountId: account.body.data.id,
          amount: '1000',
          senderName: 'Chidi',
          reference: `LIST-${randomUUID().slice(0, 8)}`,
          transferDate: '2026-01-02',
        },
      });
      t.clock.advance(60_000);
      const approved = await t.request('POST', `/api/v1/admin/funding-requests/${reported.body.data.id}/approve`, {
        token: finance.token,
      });
      expect(approved.status).toBe(200);
      approvals.push(reported.body.data.id);
    }
  }, 120_000);
  afterAll(() => t?.close());

  const list = async (query: string, token = support.token) => {
    const answer = await t.request('GET', `/api/v1/admin/audit${query}`, { token });
    expect(answer.status, answer.body.message).toBe(200);
    return { data: answer.body.data as Entry[], nextCursor: answer.body.meta!.nextCursor };
  };

  it('reads newest first, to every operator, page by page without a row lost or twice', async () => {
    const whole = (await list('?limit=100')).data;
    expect(whole.length).toBeGreaterThanOrEqual(1 + 6 + 4); // the account, 3 notices and 3 approvals, 2 invitations and activations
    const times = whole.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(whole[0]).toMatchObject({
      action: 'funding.approve',
      operator: { id: finance.id, username: expect.stringMatching(/^staff_/) },
      operatorRole: 'finance',
      target: { type: 'funding-request', id: approvals[2] },
    });

    const paged: Entry[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: Entry[]; nextCursor: string | null } = await list(
        `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.data.length).toBeLessThanOrEqual(2);
      paged.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged.map((entry) => entry.id)).toEqual(whole.map((entry) => entry.id));
  });

  it('searches by operator, action, target, agent and Lagos dates', async () => {
    const byFinance = (await list(`?operatorId=${finance.id}`)).data;
    expect(byFinance.length).toBeGreaterThanOrEqual(4);
    expect(byFinance.every((entry) => entry.operator?.id === finance.id)).toBe(true);
    expect(byFinance.map((entry) => entry.action)).toEqual([
      'funding.approve',
      'funding.approve',
      'funding.approve',
      'operator.activate',
    ]);

    const notices = (await list('?action=notification.broadcast')).data;
    expect(notices.map((entry) => entry.operator?.id)).toEqual([owner.id, owner.id, owner.id]);

    const one = (await list(`?targetType=funding-request&targetId=${approvals[1]}`)).data;
    expect(one.map((entry) => [entry.action, entry.target.id])).toEqual([['funding.approve', approvals[1]]]);

    const firstAgent = (await list(`?agentId=${agents[0]!.id}`)).data;
    expect(firstAgent.map((entry) => entry.target.id)).toEqual([approvals[2], approvals[0]]);
    expect(firstAgent.every((entry) => entry.agentId === agents[0]!.id)).toBe(true);

    const secondDay = (await list(`?from=${days[1]}&to=${days[1]}`)).data;
    expect(secondDay.map((entry) => entry.action)).toEqual(['funding.approve', 'notification.broadcast']);
    const lastTwoDays = (await list(`?from=${days[1]}&action=funding.approve`)).data;
    expect(lastTwoDays.map((entry) => entry.target.id)).toEqual([approvals[2], approvals[1]]);
    // Filters and a cursor together.
    const firstPage = await list(`?action=funding.approve&limit=1`);
    const secondPage = await list(`?action=funding.approve&limit=1&cursor=${firstPage.nextCursor}`);
    expect([...firstPage.data, ...secondPage.data].map((entry) => entry.target.id)).toEqual([
      approvals[2],
      approvals[1],
    ]);
  });

  it('refuses what it cannot search by: 422 naming the field', async () => {
    for (const [query, path] of [
      [`?cursor=${randomUUID()}`, 'cursor'],
      ['?targetId=abc', 'targetType'],
      ['?action=wallet.steal', 'action'],
      ['?operatorId=not-a-uuid', 'operatorId'],
      [`?from=${days[2]}&to=${days[0]}`, 'to'],
    ] as const) {
      const answer = await t.request('GET', `/api/v1/admin/audit${query}`, { token: support.token });
      expect(answer.status, query).toBe(422);
      expect(answer.body.errors?.[0]?.path, query).toBe(path);
    }
  });

  it('is served by an index for each search, in its order: no sort, whatever the filter', async () => {
    const [row] = await t.db.query<{ id: string }>('SELECT id FROM audit_log ORDER BY seq DESC LIMIT 1 OFFSET 3');
    const searches: Array<[AuditFilter, string]> = [
      [{ limit: 20 }, 'audit_log_at_idx'],
      [{ limit: 20, cursor: row!.id }, 'audit_log_at_idx'],
      [{ limit: 20, from: new Date(Date.now() - DAY), to: new Date(Date.now() + 5 * DAY) }, 'audit_log_at_idx'],
      [{ limit: 20, operatorId: finance.id }, 'audit_log_operator_idx'],
      [{ limit: 20, action: 'funding.approve', cursor: row!.id }, 'audit_log_action_idx'],
      [{ limit: 20, targetType: 'funding-request', targetId: approvals[0]! }, 'audit_log_target_idx'],
      [{ limit: 20, agentId: agents[0]!.id }, 'audit_log_agent_idx'],
    ];
    for (const [filter, index] of searches) {
      const plan = await t.db.transaction(async (tx) => {
        // Forbid what would hide a missing index on a table this small: a full scan, a bitmap
        // scan, a sort. The plan is the one a page's parameters get (a custom plan).
        for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) {
          await tx.query(`SET LOCAL ${setting} = off`);
        }
        await tx.query('SET LOCAL plan_cache_mode = force_custom_plan');
        await tx.query(
          `PREPARE audit_page (uuid, text, text, text, uuid, timestamptz, timestamptz, uuid, int) AS ${LIST_AUDIT_SQL}`,
        );
        try {
          const values = listAuditParams(filter).map((value) =>
            value === null ? 'NULL' : value instanceof Date ? `'${value.toISOString()}'` : `'${value as string}'`,
          );
          const [explained] = await tx.query<{ 'QUERY PLAN': unknown }>(
            `EXPLAIN (FORMAT JSON) EXECUTE audit_page(${values.join(', ')})`,
          );
          return JSON.stringify(explained!['QUERY PLAN']);
        } finally {
          await tx.query('DEALLOCATE audit_page');
        }
      });
      expect(plan, JSON.stringify(filter)).toContain(`"Index Name":"${index}"`);
      expect(plan, JSON.stringify(filter)).not.toContain('"Node Type":"Sort"');
      expect(plan, JSON.stringify(filter)).not.toMatch(/"Relation Name":"audit_log","Alias":"a"[^}]*"Seq Scan"/);
    }
  });
});

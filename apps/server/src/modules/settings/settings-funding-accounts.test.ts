import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { operatorToken } from '../../test/test-operator.js';

describe('the provider’s bank accounts as the settings screen lists them', () => {
  let t: TestApp;
  let owner: string;
  let agent: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    owner = await operatorToken(t);
    agent = (await registerAgent(t)).token;
  });
  afterAll(() => t.close());

  it('lists every account, those agents are offered first, a disabled one after and only to operators', async () => {
    const add = (accountNumber: string, bankName: string) =>
      t.request('POST', '/api/v1/admin/funding-accounts', {
        token: owner,
        body: { bankName, bankCode: '058', accountNumber, accountName: 'Provider Ltd', chargeFlat: '50' },
      });
    const first = await add('0100000001', 'GTBank');
    const second = await add('0100000002', 'GTBank Two');
    expect([first.status, second.status]).toEqual([201, 201]);
    const firstId = first.body.data.id as string;
    expect(
      (await t.request('POST', `/api/v1/admin/funding-accounts/${firstId}/disable`, { token: owner })).status,
    ).toBe(200);

    const listed = await t.request('GET', '/api/v1/admin/funding-accounts', { token: owner });
    expect(listed.status).toBe(200);
    const ours = (listed.body.data as Array<{ id: string; active: boolean; charge: { flat: string } }>).filter(
      (account) => account.id === firstId || account.id === second.body.data.id,
    );
    expect(ours.map((account) => [account.id, account.active])).toEqual([
      [second.body.data.id, true],
      [firstId, false],
    ]);
    expect(ours[0]!.charge.flat).toBe('50.00');

    const offered = await t.request('GET', '/api/v1/agent/manual-funding', { token: agent });
    const offeredIds = (offered.body.data.accounts as Array<{ id: string }>).map((account) => account.id);
    expect(offeredIds).toContain(second.body.data.id);
    expect(offeredIds).not.toContain(firstId);
    expect((await t.request('GET', '/api/v1/admin/funding-accounts', { token: agent })).status).toBe(403);
  });
});

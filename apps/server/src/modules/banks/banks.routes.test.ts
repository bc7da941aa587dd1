import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nubanCheckDigit } from '@agentdesk/contract/banks/nuban';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { sandboxAccountName } from './sandbox-account-name-resolver.js';

/** A valid NUBAN for a serial at an institution. */
const nuban = (institution: string, serial: string) => `${serial}${nubanCheckDigit(institution, serial)}`;
/** The same serial with a wrong check digit. */
const wrongDigit = (institution: string, serial: string) =>
  `${serial}${(nubanCheckDigit(institution, serial) + 1) % 10}`;

const GTB = { code: '000013', cbn: '058' };

describe('bank records', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('lists Nigerian banks with their codes, by name', async () => {
    const agent = await registerAgent(t);
    const response = await t.request('GET', '/api/v1/agent/banks/list', { token: agent.token });
    expect(response.status).toBe(200);
    expect((response.body as unknown as { meta: unknown }).meta).toEqual({ nextCursor: null });
    const banks = response.body.data as Array<{
      code: string;
      name: string;
      cbnCode: string | null;
      nipCode: string | null;
    }>;
    expect(banks).toHaveLength(30);
    expect(banks.find((bank) => bank.name === 'GTBank')).toMatchObject({
      code: '000013',
      cbnCode: '058',
      nipCode: '000013',
    });
    expect(banks.find((bank) => bank.name === 'Citibank')).toMatchObject({
      code: '023',
      cbnCode: '023',
      nipCode: null,
    });
    expect(banks.find((bank) => bank.name === 'Kuda MFB')).toMatchObject({
      code: '090267',
      nipCode: '090267',
      nubanCode: '950211',
    });
    const names = banks.map((bank) => bank.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect((await t.request('GET', '/api/v1/agent/banks/list')).status).toBe(401);
  });

  it('adds an account with the name the bank answers, then lists, gets and deletes it', async () => {
    const agent = await registerAgent(t);
    const accountNumber = nuban(GTB.cbn, '012345678');
    expect(accountNumber).toBe('0123456785');
    const created = await t.request('POST', '/api/v1/agent/banks', {
      token: agent.token,
      body: { bankCode: GTB.cbn, accountNumber },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      bankCode: GTB.code,
      bankName: 'GTBank',
      accountNumber,
      accountName: sandboxAccountName(accountNumber),
    });
    expect(created.body.data.createdAt).toBe(t.clock.now().toISOString());

    const list = await t.request('GET', '/api/v1/agent/banks', { token: agent.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([created.body.data]);
    expect((list.body as unknown as { meta: unknown }).meta).toEqual({ nextCursor: null });
    const one = await t.request('GET', `/api/v1/agent/banks/${created.body.data.id}`, { token: agent.token });
    expect(one.body.data).toEqual(created.body.data);

    const removed = await t.request('DELETE', `/api/v1/agent/banks/${created.body.data.id}`, { token: agent.token });
    expect(removed.status).toBe(200);
    expect((await t.request('GET', '/api/v1/agent/banks', { token: agent.token })).body.data).toEqual([]);
    const again = await t.request('DELETE', `/api/v1/agent/banks/${created.body.data.id}`, { token: agent.token });
    expect(again.status).toBe(404);
  });

  it("answers 404 for another agent's record, on GET and on DELETE", async () => {
    const owner = await registerAgent(t);
    const other = await registerAgent(t);
    const created = await t.request('POST', '/api/v1/agent/banks', {
      token: owner.token,
      body: { bankCode: '044', accountNumber: nuban('044', '100000001') },
    });
    expect(created.status).toBe(201);
    const path = `/api/v1/agent/banks/${created.body.data.id}`;
    const get = await t.request('GET', path, { token: other.token });
    expect(get.status).toBe(404);
    expect(get.body.code).toBe('NOT_FOUND');
    expect((await t.request('DELETE', path, { token: other.token })).status).toBe(404);
    expect((await t.request('GET', '/api/v1/agent/banks', { token: other.token })).body.data).toEqual([]);
    // Still there for its owner.
    expect((await t.request('GET', path, { token: owner.token })).status).toBe(200);
    const missing = await t.request('GET', '/api/v1/agent/banks/00000000-0000-4000-8000-000000000000', {
      token: owner.token,
    });
    expect(missing.status).toBe(404);
    const malformed = await t.request('DELETE', '/api/v1/agent/banks/not-a-uuid', { token: owner.token });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors?.[0]?.path).toBe('id');
  });

  it('refuses a number twice at one bank with a 409 naming accountNumber, but allows it at another bank', async () => {
    const agent = await registerAgent(t);
    const body = { bankCode: '057', accountNumber: nuban('057', '200000002') };
    expect((await t.request('POST', '/api/v1/agent/banks', { token: agent.token, body })).status).toBe(201);
    // The same bank by its NIP code is the same bank.
    const clash = await t.request('POST', '/api/v1/agent/banks', {
      token: agent.token,
      body: { ...body, bankCode: '000015' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('CONFLICT');
    expect(clash.body.errors).toEqual([{ path: 'accountNumber', message: expect.any(String) }]);
    // OPay numbers are phone numbers: no check digit applies.
    const opay = await t.request('POST', '/api/v1/agent/banks', {
      token: agent.token,
      body: { bankCode: '100004', accountNumber: '8031234567' },
    });
    expect(opay.status).toBe(201);
    // Another agent may hold the same account.
    const other = await registerAgent(t);
    expect((await t.request('POST', '/api/v1/agent/banks', { token: other.token, body })).status).toBe(201);
  });

  it('keeps at most 5 accounts per agent, even when requests race', async () => {
    const agent = await registerAgent(t);
    const bodies = Array.from({ length: 7 }, (_, index) => ({
      bankCode: '011',
      accountNumber: nuban('011', `30000000${index}`),
    }));
    const answers = await Promise.all(
      bodies.map((body) => t.request('POST', '/api/v1/agent/banks', { token: agent.token, body })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => answer.status)).toEqual([409, 409]);
    expect(refused[0]?.body.message).toMatch(/at most 5/);
    expect((await t.request('GET', '/api/v1/agent/banks', { token: agent.token })).body.data).toHaveLength(5);
  });

  it('checks NUBAN check digits in both schemes with a 422 naming accountNumber', async () => {
    const agent = await registerAgent(t);
    for (const [bankCode, institution] of [
      ['058', '058'],
      ['000016', '011'],
      ['090267', '950211'],
      ['090405', '950515'],
    ] as const) {
      const bad = await t.request('POST', '/api/v1/agent/banks', {
        token: agent.token,
        body: { bankCode, accountNumber: wrongDigit(institution, '400000004') },
      });
      expect(bad.status, bankCode).toBe(422);
      expect(bad.body.errors, bankCode).toEqual([
        { path: 'accountNumber', message: expect.stringMatching(/not a valid/) },
      ]);
      const resolved = await t.request(
        'GET',
        `/api/v1/agent/banks/resolve?bankCode=${bankCode}&accountNumber=${nuban(institution, '400000004')}`,
        { token: agent.token },
      );
      expect(resolved.status, bankCode).toBe(200);
    }
    // Kuda: a 2020-scheme number that the 3-digit scheme would not produce.
    const kuda = await t.request('POST', '/api/v1/agent/banks', {
      token: agent.token,
      body: { bankCode: '090267', accountNumber: '2000000013' },
    });
    expect(kuda.status).toBe(201);
    expect(kuda.body.data.bankName).toBe('Kuda MFB');
  });

  it('answers a clear 422 naming each bad field', async () => {
    const agent = await registerAgent(t);
    const cases: Array<[unknown, string]> = [
      [{ accountNumber: '0123456785' }, 'bankCode'],
      [{ bankCode: '999', accountNumber: '0123456785' }, 'bankCode'],
      [{ bankCode: 58, accountNumber: '0123456785' }, 'bankCode'],
      [{ bankCode: '058' }, 'accountNumber'],
      [{ bankCode: '058', accountNumber: '012345678' }, 'accountNumber'],
      [{ bankCode: '058', accountNumber: '01234567855' }, 'accountNumber'],
      [{ bankCode: '058', accountNumber: '012345678x' }, 'accountNumber'],
      [{ bankCode: '058', accountNumber: 123456785 }, 'accountNumber'],
      [{ bankCode: '058', accountNumber: '0123456785', accountName: 'x'.repeat(101) }, 'accountName'],
      [{ bankCode: '058', accountNumber: '0123456785', accountName: 7 }, 'accountName'],
      [{ bankCode: '058', accountNumber: '0123456785', nickname: 'main' }, 'nickname'],
    ];
    for (const [body, path] of cases) {
      const response = await t.request('POST', '/api/v1/agent/banks', { token: agent.token, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(
        response.body.errors?.map((error) => error.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    const notObject = await t.request('POST', '/api/v1/agent/banks', { token: agent.token, body: [] });
    expect(notObject.status).toBe(422);
    const query = await t.request('GET', '/api/v1/agent/banks/resolve?bankCode=058', { token: agent.token });
    expect(query.status).toBe(422);
    expect(query.body.errors?.[0]?.path).toBe('accountNumber');
    const query2 = await t.request('GET', '/api/v1/agent/banks/resolve?bankCode=1&accountNumber=0123456785', {
      token: agent.token,
    });
    expect(query2.body.errors?.[0]?.path).toBe('bankCode');
    // Spaces people type between groups are fine.
    const spaced = await t.request('POST', '/api/v1/agent/banks', {
      token: agent.token,
      body: { bankCode: '058', accountNumber: '012 345 6785' },
    });
    expect(spaced.status).toBe(201);
    expect(spaced.body.data.accountNumber).toBe('0123456785');
  });

  it('resolves names deterministically; documented numbers do not exist or make the bank unavailable', async () => {
    const agent = await registerAgent(t);
    const accountNumber = nuban('033', '123123123');
    const first = await t.request('GET', `/api/v1/agent/banks/resolve?bankCode=033&accountNumber=${accountNumber}`, {
      token: agent.token,
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      bankCode: '000004',
      bankName: 'UBA',
      accountNumber,
      accountName: sandboxAccountName(accountNumber),
    });
    const second = await t.request(
      'GET',
      `/api/v1/agent/banks/resolve?bankCode=000004&accountNumber=${accountNumber}`,
      {
        token: agent.token,
      },
    );
    expect(second.body.data.accountName).toBe(first.body.data.accountName);

    const missing = nuban('033', '999000001');
    const notFound = await t.request('GET', `/api/v1/agent/banks/resolve?bankCode=033&accountNumber=${missing}`, {
      token: agent.token,
    });
    expect(notFound.status).toBe(422);
    expect(notFound.body.errors).toEqual([{ path: 'accountNumber', message: 'UBA has no account with this number' }]);
    const add = await t.request('POST', '/api/v1/agent/banks', {
      token: agent.token,
      body: { bankCode: '033', accountNumber: missing },
    });
    expect(add.status).toBe(422);
    expect(add.body.errors?.[0]?.path).toBe('accountNumber');

    const down = await t.request(
      'GET',
      `/api/v1/agent/banks/resolve?bankCode=033&accountNumber=${nuban('033', '998000001')}`,
      { token: agent.token },
    );
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('accepts a typed account name that matches the bank and refuses one that does not', async () => {
    const agent = await registerAgent(t);
    const accountNumber = nuban('070', '555000111');
    const bankName = sandboxAccountName(accountNumber)!;
    const [surname, given] = bankName.split(' ');
    const wrong = await t.request('POST', '/api/v1/agent/banks', {
      token: agent.token,
      body: { bankCode: '070', accountNumber, accountName: 'Somebody Else' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual([
      { path: 'accountName', message: `The bank has this account in the name of ${bankName}` },
    ]);
    const right = await t.request('POST', '/api/v1/agent/banks', {
      token: agent.token,
      body: { bankCode: '070', accountNumber, accountName: `${given!.toLowerCase()} ${surname}` },
    });
    expect(right.status).toBe(201);
    expect(right.body.data.accountName).toBe(bankName);
  });

  it('limits name enquiries per agent (resolve and add share one counter)', async () => {
    const agent = await registerAgent(t);
    const other = await registerAgent(t);
    const path = `/api/v1/agent/banks/resolve?bankCode=058&accountNumber=${nuban('058', '700000007')}`;
    for (let index = 0; index < 29; index++) {
      expect((await t.request('GET', path, { token: agent.token })).status).toBe(200);
    }
    const add = await t.request('POST', '/api/v1/agent/banks', {
      token: agent.token,
      body: { bankCode: '058', accountNumber: nuban('058', '700000007') },
    });
    expect(add.status).toBe(201);
    const limited = await t.request('GET', path, { token: agent.token });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await t.request('GET', path, { token: other.token })).status).toBe(200);
  });

  it('never answers a 500 to odd input', async () => {
    const agent = await registerAgent(t);
    const bodies: unknown[] = [
      { bankCode: '058\u0000', accountNumber: '0123456785' },
      { bankCode: '058', accountNumber: '０１２３４５６７８５' },
      { bankCode: '058', accountNumber: 1e10 },
      { bankCode: ['058'], accountNumber: ['0123456785'] },
      { bankCode: null, accountNumber: null, accountName: null },
      { bankCode: '058', accountNumber: '0123456785', accountName: 'A\u0000B' },
      'text',
      null,
    ];
    for (const body of bodies) {
      const response = await t.request('POST', '/api/v1/agent/banks', { token: agent.token, body });
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
    }
    for (const query of [
      'bankCode=058&bankCode=057&accountNumber=0123456785',
      'bankCode=058&accountNumber=0123456785&accountNumber=0123456785',
      'bankCode=%00&accountNumber=%00',
      `bankCode=058&accountNumber=${'9'.repeat(5000)}`,
    ]) {
      const response = await t.request('GET', `/api/v1/agent/banks/resolve?${query}`, { token: agent.token });
      expect(response.status, query).toBe(422);
    }
    for (const id of ['%00', "1'%20OR%20'1'='1", 'a'.repeat(150), '00000000-0000-0000-0000-000000000000']) {
      const response = await t.request('DELETE', `/api/v1/agent/banks/${id}`, { token: agent.token });
      expect([404, 422], id).toContain(response.status);
    }
  });

  it('keeps bank records to agents', async () => {
    expect((await t.request('GET', '/api/v1/agent/banks')).status).toBe(401);
    // Who is calling is checked before the body: a stranger learns nothing of the input rules.
    expect((await t.request('POST', '/api/v1/agent/banks', { body: {} })).status).toBe(401);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../test/test-app.js';
import { operatorToken } from '../test/test-operator.js';

/**
 * Issue 19: text the database cannot store (a NUL: PostgreSQL refuses it in text, 22021) and
 * dates it cannot read (year 0000) are refused at the contract as a 422 naming the field,
 * never a 500 from the database. Driven over real HTTP, on PGlite and on PostgreSQL.
 */

type Who = 'public' | 'agent' | 'operator' | 'apiKey';

interface Case {
  /** The field the 422 must name (`errors[].path`). */
  field: string;
  who: Who;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  path: string;
  body?: unknown;
}

const NUL = '\u0000';
const uuid = randomUUID();

const NUL_CASES: Case[] = [
  // Public: no credentials needed to reach the database.
  {
    field: 'identifier',
    who: 'public',
    method: 'POST',
    path: '/api/v1/agent/auth/login',
    body: { identifier: NUL, password: 'x' },
  },
  {
    field: 'identifier',
    who: 'public',
    method: 'POST',
    path: '/api/v1/agent/auth/login',
    body: { identifier: `ada${NUL}`, password: 'x' },
  },
  {
    field: 'password',
    who: 'public',
    method: 'POST',
    path: '/api/v1/agent/auth/login',
    body: { identifier: 'ada@example.com', password: `x${NUL}` },
  },
  {
    field: 'identifier',
    who: 'public',
    method: 'POST',
    path: '/api/v1/admin/auth/login',
    body: { identifier: NUL, password: 'x' },
  },
  {
    field: 'identifier',
    who: 'public',
    method: 'POST',
    path: '/api/v1/agent/auth/reset-password',
    body: { identifier: NUL },
  },
  {
    field: 'identifier',
    who: 'public',
    method: 'POST',
    path: '/api/v1/agent/auth/otp-reset-password',
    body: { identifier: NUL, code: '123456' },
  },
  {
    field: 'resetToken',
    who: 'public',
    method: 'POST',
    path: '/api/v1/agent/auth/confirm-reset-password',
    body: { resetToken: NUL, newPassword: 'correct horse battery' },
  },
  {
    field: 'newPassword',
    who: 'public',
    method: 'POST',
    path: '/api/v1/agent/auth/confirm-reset-password',
    body: { resetToken: 'token', newPassword: `correct horse${NUL}battery` },
  },
  { field: 'firstName', who: 'public', method: 'POST', path: '/api/v1/agent/auth/register', body: { firstName: NUL } },
  // A signed-in agent.
  { field: 'q', who: 'agent', method: 'GET', path: '/api/v1/agent/transactions?q=%00' },
  { field: 'q', who: 'agent', method: 'GET', path: '/api/v1/agent/transactions?q=ab%00cd' },
  { field: 'service', who: 'agent', method: 'GET', path: '/api/v1/agent/transactions?service=%00' },
  {
    field: 'disco_name',
    who: 'agent',
    method: 'GET',
    path: '/api/v1/agent/validate/meter?meter_number=1111111111111&meter_type=prepaid&disco_name=%00',
  },
  {
    field: 'variation_code',
    who: 'agent',
    method: 'GET',
    path: '/api/v1/agent/validate/jamb-profile?profile_id=0123456789&variation_code=%00',
  },
  { field: 'cursor', who: 'agent', method: 'GET', path: '/api/v1/agent/notify?cursor=%00' },
  { field: 'cursor', who: 'agent', method: 'GET', path: '/api/v1/agent/api/webhook/deliveries?cursor=%00' },
  {
    field: 'url',
    who: 'agent',
    method: 'PUT',
    path: '/api/v1/agent/api/webhook',
    body: { url: `https://shop.example.com/hook${NUL}`, enabled: true },
  },
  { field: 'name', who: 'agent', method: 'PATCH', path: `/api/v1/agent/api/keys/${uuid}`, body: { name: NUL } },
  {
    field: 'name',
    who: 'agent',
    method: 'PATCH',
    path: `/api/v1/agent/api/keys/${uuid}`,
    body: { name: `Key${NUL}1` },
  },
  {
    field: 'allowedIps.0',
    who: 'agent',
    method: 'PATCH',
    path: `/api/v1/agent/api/keys/${uuid}`,
    body: { allowedIps: [`203.0.113.7${NUL}`] },
  },
  {
    field: 'accountName',
    who: 'agent',
    method: 'POST',
    path: '/api/v1/agent/banks',
    body: { bankCode: '058', accountNumber: '0123456789', accountName: NUL },
  },
  {
    field: 'bankCode',
    who: 'agent',
    method: 'GET',
    path: '/api/v1/agent/banks/resolve?bankCode=%00&accountNumber=0123456789',
  },
  {
    field: 'oldPassword',
    who: 'agent',
    method: 'POST',
    path: '/api/v1/agent/auth/change-password',
    body: { oldPassword: NUL, newPassword: 'correct horse battery' },
  },
  {
    field: 'senderName',
    who: 'agent',
    method: 'POST',
    path: '/api/v1/agent/funding-requests',
    body: {
      accountId: uuid,
      amount: '1000',
      senderName: `Ada${NUL}`,
      reference: 'REF-0001',
      transferDate: '2026-01-01',
    },
  },
  {
    field: 'proof.fileName',
    who: 'agent',
    method: 'POST',
    path: '/api/v1/agent/funding-requests',
    body: {
      accountId: uuid,
      amount: '1000',
      senderName: 'Ada',
      reference: 'REF-0001',
      transferDate: '2026-01-01',
      proof: { fileName: `a${NUL}.png`, contentBase64: 'AAAA' },
    },
  },
  {
    field: 'planCode',
    who: 'agent',
    method: 'POST',
    path: '/api/v1/agent/purchases',
    body: { service: 'data', requestId: 'hostile-0001', network: 'mtn', planCode: NUL, phone: '08031234567' },
  },
  {
    field: 'disco',
    who: 'agent',
    method: 'POST',
    path: '/api/v1/agent/purchases',
    body: {
      service: 'electricity',
      requestId: 'hostile-0002',
      disco: NUL,
      meterType: 'prepaid',
      meterNumber: '1111111111111',
      amount: '1000',
      phone: '08031234567',
    },
  },
  {
    field: 'bouquetCode',
    who: 'agent',
    method: 'POST',
    path: '/api/v1/agent/purchases',
    body: {
      service: 'cable',
      requestId: 'hostile-0003',
      provider: 'dstv',
      smartcardNumber: '1212121212',
      action: 'change',
      bouquetCode: NUL,
      phone: '08031234567',
    },
  },
  { field: 'requestId', who: 'agent', method: 'GET', path: '/api/v1/agent/purchases/%00' },
  // An operator.
  {
    field: 'instructions',
    who: 'operator',
    method: 'POST',
    path: '/api/v1/admin/funding-accounts',
    body: {
      bankName: 'GTBank',
      bankCode: '058',
      accountNumber: '0123456789',
      accountName: 'AgentDesk Ltd',
      instructions: NUL,
    },
  },
  {
    field: 'bankName',
    who: 'operator',
    method: 'POST',
    path: '/api/v1/admin/funding-accounts',
    body: { bankName: `GT${NUL}Bank`, bankCode: '058', accountNumber: '0123456789', accountName: 'AgentDesk Ltd' },
  },
  {
    field: 'serviceId',
    who: 'operator',
    method: 'PATCH',
    path: '/api/v1/admin/catalog/services/%00',
    body: { enabled: true },
  },
  {
    field: 'serviceId',
    who: 'operator',
    method: 'PATCH',
    path: '/api/v1/admin/catalog/services/mtn%00',
    body: { enabled: true },
  },
  {
    field: 'code',
    who: 'operator',
    method: 'PATCH',
    path: '/api/v1/admin/catalog/services/mtn-data/variations/%00',
    body: { enabled: true },
  },
  { field: 'to', who: 'operator', method: 'GET', path: '/api/v1/admin/outbox?to=%00' },
  {
    field: 'reason',
    who: 'operator',
    method: 'POST',
    path: `/api/v1/admin/funding-requests/${uuid}/reject`,
    body: { reason: `bad${NUL}` },
  },
  {
    field: 'reason',
    who: 'operator',
    method: 'POST',
    path: `/api/v1/admin/orders/${uuid}/refund`,
    body: { reason: `bad${NUL}` },
  },
  {
    field: 'providerReference',
    who: 'operator',
    method: 'POST',
    path: '/api/v1/admin/virtual-accounts',
    body: {
      username: 'agent_x',
      provider: 'paystack',
      accountNumber: '0123456789',
      bankName: 'Wema Bank',
      accountName: 'Ada Lovelace',
      providerReference: `ref${NUL}`,
    },
  },
  {
    field: 'username',
    who: 'operator',
    method: 'POST',
    path: '/api/v1/admin/virtual-accounts',
    body: { username: `agent${NUL}` },
  },
  {
    field: 'address',
    who: 'operator',
    method: 'PATCH',
    path: '/api/v1/admin/settings/contact',
    body: { address: NUL },
  },
  {
    field: 'title',
    who: 'operator',
    method: 'POST',
    path: '/api/v1/admin/notifications',
    body: { title: NUL, body: 'Hello' },
  },
  // A reseller API key.
  { field: 'q', who: 'apiKey', method: 'GET', path: '/api/v1/reseller/transactions?q=%00' },
  { field: 'service', who: 'apiKey', method: 'GET', path: '/api/v1/reseller/transactions?service=%00' },
  {
    field: 'disco_name',
    who: 'apiKey',
    method: 'GET',
    path: '/api/v1/reseller/validate/meter?meter_number=1111111111111&meter_type=prepaid&disco_name=%00',
  },
  { field: 'requestId', who: 'apiKey', method: 'GET', path: '/api/v1/reseller/purchases/%00' },
  {
    field: 'planCode',
    who: 'apiKey',
    method: 'POST',
    path: '/api/v1/reseller/purchases',
    body: {
      service: 'data',
      requestId: 'hostile-0004',
      network: 'mtn',
      planCode: `mtn-1gb${NUL}`,
      phone: '08031234567',
    },
  },
];

/** Other control characters than NUL: refused the same way; tab and line breaks are not control characters here. */
const CONTROL_CASES: Case[] = [
  { field: 'q', who: 'agent', method: 'GET', path: '/api/v1/agent/transactions?q=a%01b' },
  { field: 'q', who: 'agent', method: 'GET', path: '/api/v1/agent/transactions?q=a%1Bb' },
  { field: 'q', who: 'agent', method: 'GET', path: '/api/v1/agent/transactions?q=a%7Fb' },
  {
    field: 'identifier',
    who: 'public',
    method: 'POST',
    path: '/api/v1/agent/auth/login',
    body: { identifier: 'a\u0008b', password: 'x' },
  },
];

const DATE_CASES: Case[] = [
  { field: 'from', who: 'agent', method: 'GET', path: '/api/v1/agent/transactions?from=0000-01-01' },
  { field: 'to', who: 'agent', method: 'GET', path: '/api/v1/agent/transactions?to=0000-01-01' },
  { field: 'from', who: 'agent', method: 'GET', path: '/api/v1/agent/transactions?from=0000-01-01&to=2026-01-01' },
  { field: 'to', who: 'agent', method: 'GET', path: '/api/v1/agent/transactions?from=2026-01-01&to=1899-12-31' },
  { field: 'from', who: 'apiKey', method: 'GET', path: '/api/v1/reseller/transactions?from=0000-01-01' },
  { field: 'to', who: 'apiKey', method: 'GET', path: '/api/v1/reseller/transactions?to=0000-01-01' },
  {
    field: 'from',
    who: 'agent',
    method: 'GET',
    path: '/api/v1/agent/transactions/statement.csv?from=0000-01-01&to=0000-01-02',
  },
  {
    field: 'transferDate',
    who: 'agent',
    method: 'POST',
    path: '/api/v1/agent/funding-requests',
    body: { accountId: uuid, amount: '1000', senderName: 'Ada', reference: 'REF-0001', transferDate: '0000-01-01' },
  },
];

describe('hostile input is a 422 naming the field', () => {
  let t: TestApp;
  const tokens: Partial<Record<Who, string>> = {};

  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    const agent = await registerAgent(t);
    tokens.agent = agent.token;
    tokens.operator = await operatorToken(t);
    const key = await t.request('POST', '/api/v1/agent/api/keys', { token: agent.token });
    expect(key.status).toBe(201);
    tokens.apiKey = key.body.data.secret as string;
  });
  afterAll(() => t.close());

  async function expectRefused({ field, who, method, path, body }: Case) {
    const token = who === 'public' ? undefined : tokens[who];
    const response = await t.request(method, path, {
      ...(token ? { token } : {}),
      ...(body !== undefined ? { body } : {}),
    });
    expect({ status: response.status, code: response.body.code }, JSON.stringify(response.body)).toEqual({
      status: 422,
      code: 'VALIDATION_FAILED',
    });
    expect(response.body.errors?.map((error) => error.path)).toContain(field);
    return response;
  }

  describe('a NUL character', () => {
    it.each(NUL_CASES)('$method $path ($field)', async (testCase) => {
      const response = await expectRefused(testCase);
      const own = response.body.errors?.find((error) => error.path === testCase.field);
      expect(own?.message).toMatch(/characters/);
    });
  });

  describe('another control character', () => {
    it.each(CONTROL_CASES)('$method $path ($field)', async (testCase) => {
      await expectRefused(testCase);
    });

    it('still takes a search with ordinary text', async () => {
      const response = await t.request('GET', '/api/v1/agent/transactions?q=airtime%20mtn', { token: tokens.agent });
      expect(response.status).toBe(200);
    });
  });

  describe('a date outside the calendar the database reads', () => {
    it.each(DATE_CASES)('$method $path ($field)', async (testCase) => {
      await expectRefused(testCase);
    });

    it('still takes ordinary dates', async () => {
      for (const path of [
        '/api/v1/agent/transactions?from=2026-01-01&to=2026-12-31',
        '/api/v1/agent/transactions?from=1900-01-01&to=9999-12-31',
        '/api/v1/agent/transactions/statement.csv?from=9999-01-01&to=9999-12-31',
        '/api/v1/agent/transactions/statement.csv?from=1900-01-01&to=1900-12-31',
        '/api/v1/reseller/transactions?from=2026-01-01',
      ]) {
        const token = path.startsWith('/api/v1/reseller') ? tokens.apiKey : tokens.agent;
        expect((await t.request('GET', path, { token })).status).toBe(200);
      }
    });
  });
});

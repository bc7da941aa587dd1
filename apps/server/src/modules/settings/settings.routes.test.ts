import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR, seedDemoAccounts } from '../../seed/demo-accounts.js';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';

async function operatorToken(t: TestApp): Promise<string> {
  await seedDemoAccounts(t.db, pino({ level: 'silent' }));
  const login = await t.request('POST', '/api/v1/admin/auth/login', {
    body: { identifier: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password },
  });
  return login.body.data.authorization.token as string;
}

describe('contact and support, with SUPPORT_WHATSAPP as the default', () => {
  let t: TestApp;
  let operator: string;
  let agent: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { SUPPORT_WHATSAPP: '2348012345678', AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    operator = await operatorToken(t);
    agent = (await registerAgent(t)).token;
  });
  afterAll(() => t.close());

  it('answers the defaults before operators set anything', async () => {
    const support = await t.request('GET', '/api/v1/agent/support', { token: agent });
    expect(support.status).toBe(200);
    expect(support.body).toEqual({ message: 'OK', data: [{ link: 'whatsapp=2348012345678' }] });
    const contact = await t.request('GET', '/api/v1/agent/contact', { token: agent });
    expect(contact.status).toBe(200);
    expect(contact.body.data).toEqual({
      phone: null,
      email: null,
      whatsapp: '2348012345678',
      address: null,
      hours: null,
    });
    expect((await t.request('GET', '/api/v1/agent/contact')).status).toBe(401);
    expect((await t.request('GET', '/api/v1/agent/contact', { token: operator })).status).toBe(403);
  });

  it('lets operators set, change and clear contact details field by field', async () => {
    const set = await t.request('PATCH', '/api/v1/admin/settings/contact', {
      token: operator,
      body: {
        phone: '+234 803 000 1111',
        email: 'Help@Provider.NG',
        whatsapp: '0809 000 2222',
        address: ' 12 Broad Street, Lagos ',
        hours: 'Mon–Sat 8am–6pm',
      },
    });
    expect(set.status).toBe(200);
    const expected = {
      phone: '08030001111',
      email: 'help@provider.ng',
      whatsapp: '2348090002222',
      address: '12 Broad Street, Lagos',
      hours: 'Mon–Sat 8am–6pm',
    };
    expect(set.body.data).toEqual({ saved: expected, effective: expected });
    expect((await t.request('GET', '/api/v1/agent/contact', { token: agent })).body.data).toEqual(expected);

    // Absent fields stay; null and blank clear (WhatsApp then falls back to the support number).
    const cleared = await t.request('PATCH', '/api/v1/admin/settings/contact', {
      token: operator,
      body: { whatsapp: null, hours: '  ' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.saved).toEqual({ ...expected, whatsapp: null, hours: null });
    expect((await t.request('GET', '/api/v1/agent/contact', { token: agent })).body.data).toEqual({
      ...expected,
      whatsapp: '2348012345678',
      hours: null,
    });
    const read = await t.request('GET', '/api/v1/admin/settings/contact', { token: operator });
    expect(read.body.data.saved).toEqual(cleared.body.data.saved);
  });

  it('refuses each bad contact field with a 422 naming it, and agents with a 403', async () => {
    const cases: Array<[unknown, string]> = [
      [{ phone: '12345' }, 'phone'],
      [{ phone: 8030001111 }, 'phone'],
      [{ email: 'not-an-email' }, 'email'],
      [{ whatsapp: '+1 555 0100' }, 'whatsapp'],
      [{ address: 'x'.repeat(201) }, 'address'],
      [{ address: 'line\nbreak' }, 'address'],
      [{ hours: 'x'.repeat(101) }, 'hours'],
      [{ hours: ['9', '5'] }, 'hours'],
      [{ fax: '0123' }, 'fax'],
    ];
    for (const [body, path] of cases) {
      const response = await t.request('PATCH', '/api/v1/admin/settings/contact', { token: operator, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(
        response.body.errors?.map((error) => error.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expect((await t.request('PATCH', '/api/v1/admin/settings/contact', { token: agent, body: {} })).status).toBe(403);
    expect((await t.request('GET', '/api/v1/admin/settings/contact', { token: agent })).status).toBe(403);
    expect((await t.request('GET', '/api/v1/admin/settings/support')).status).toBe(401);
  });

  it('lets operators set the support number over SUPPORT_WHATSAPP, and clear it back', async () => {
    const set = await t.request('PUT', '/api/v1/admin/settings/support', {
      token: operator,
      body: { whatsapp: '08031234567' },
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({
      whatsapp: '2348031234567',
      defaultWhatsapp: '2348012345678',
      effectiveWhatsapp: '2348031234567',
    });
    expect((await t.request('GET', '/api/v1/agent/support', { token: agent })).body.data).toEqual([
      { link: 'whatsapp=2348031234567' },
    ]);
    const cleared = await t.request('PUT', '/api/v1/admin/settings/support', {
      token: operator,
      body: { whatsapp: null },
    });
    expect(cleared.body.data.effectiveWhatsapp).toBe('2348012345678');
    expect((await t.request('GET', '/api/v1/agent/support', { token: agent })).body.data).toEqual([
      { link: 'whatsapp=2348012345678' },
    ]);
    for (const body of [{}, { whatsapp: '0803' }, { whatsapp: 2348031234567 }]) {
      const response = await t.request('PUT', '/api/v1/admin/settings/support', { token: operator, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors?.[0]?.path).toBe('whatsapp');
    }
    expect(
      (await t.request('PUT', '/api/v1/admin/settings/support', { token: agent, body: { whatsapp: null } })).status,
    ).toBe(403);
  });
});

describe('support without SUPPORT_WHATSAPP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers an empty list until an operator sets a number', async () => {
    const operator = await operatorToken(t);
    const agent = (await registerAgent(t)).token;
    expect((await t.request('GET', '/api/v1/agent/support', { token: agent })).body).toEqual({
      message: 'OK',
      data: [],
    });
    expect((await t.request('GET', '/api/v1/agent/contact', { token: agent })).body.data.whatsapp).toBeNull();
    await t.request('PUT', '/api/v1/admin/settings/support', { token: operator, body: { whatsapp: '2349012345678' } });
    expect((await t.request('GET', '/api/v1/agent/support', { token: agent })).body.data).toEqual([
      { link: 'whatsapp=2349012345678' },
    ]);
    expect((await t.request('GET', '/api/v1/agent/contact', { token: agent })).body.data.whatsapp).toBe(
      '2349012345678',
    );
  });
});

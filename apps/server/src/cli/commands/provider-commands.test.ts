import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR, seedDemoAccounts } from '../../seed/demo-accounts.js';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { runAdminCaptured } from '../../test/run-admin-captured.js';

const run = runAdminCaptured;

describe('npm run admin: notify, contact, support', () => {
  let t: TestApp;
  let env: NodeJS.ProcessEnv;
  let agent: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { SUPPORT_WHATSAPP: '2348012345678', AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    await seedDemoAccounts(t.db, pino({ level: 'silent' }));
    env = {
      HOME: await mkdtemp(join(tmpdir(), 'admin-home-')),
      AGENTDESK_URL: t.url,
      AGENTDESK_ADMIN_IDENTIFIER: DEMO_OPERATOR.username,
      AGENTDESK_ADMIN_PASSWORD: DEMO_OPERATOR.password,
    };
    agent = (await registerAgent(t)).token;
  });
  afterAll(() => t.close());

  it('lists the commands in help', async () => {
    const help = await run(['help'], env);
    for (const command of ['notify', 'contact', 'support']) expect(help.out).toContain(command);
  });

  it('posts a broadcast that agents then see', async () => {
    const sent = await run(['notify', '--title', 'Eid holiday', '--body', 'Support closes at noon on Friday.'], env);
    expect(sent.code, sent.err).toBe(0);
    expect(sent.out).toMatch(/^Sent to every agent: "Eid holiday"/);
    const list = await t.request('GET', '/api/v1/agent/notify', { token: agent });
    expect(list.body.data[0]).toMatchObject({
      kind: 'broadcast',
      title: 'Eid holiday',
      body: 'Support closes at noon on Friday.',
      read: false,
    });

    const listed = await run(['notify', 'list', '--limit', '1'], env);
    expect(listed.code, listed.err).toBe(0);
    expect(listed.out).toMatch(/by operator {2}read by 0/);
    expect(listed.out).toContain('Eid holiday\nSupport closes at noon on Friday.');
    expect((await run(['notify', 'list', '--limit', '0'], env)).err).toMatch(/limit/);

    const missing = await run(['notify', '--title', 'No body'], env);
    expect(missing.code).toBe(2);
    expect(missing.err).toBe('Missing --body');
    const tooLong = await run(['notify', '--title', 'x'.repeat(121), '--body', 'b'], env);
    expect(tooLong.code).toBe(1);
    expect(tooLong.err).toMatch(/title: Title must be at most 120 characters/);
  });

  it('shows and changes contact details; an empty value clears one', async () => {
    const shown = await run(['contact'], env);
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toMatch(/Phone:\s+\(not set\)/);
    expect(shown.out).toMatch(/WhatsApp:\s+2348012345678 \(the support number\)/);

    const set = await run(
      [
        'contact',
        '--phone',
        '0803 000 1111',
        '--email',
        'help@provider.ng',
        '--address',
        '12 Broad St, Lagos',
        '--hours',
        '8am-6pm',
      ],
      env,
    );
    expect(set.code, set.err).toBe(0);
    expect(set.out).toMatch(/Contact details saved/);
    expect(set.out).toMatch(/Phone:\s+08030001111/);
    expect((await t.request('GET', '/api/v1/agent/contact', { token: agent })).body.data).toEqual({
      phone: '08030001111',
      email: 'help@provider.ng',
      whatsapp: '2348012345678',
      address: '12 Broad St, Lagos',
      hours: '8am-6pm',
    });

    const cleared = await run(['contact', '--hours', ''], env);
    expect(cleared.code, cleared.err).toBe(0);
    expect((await t.request('GET', '/api/v1/agent/contact', { token: agent })).body.data.hours).toBeNull();

    const bad = await run(['contact', '--email', 'nope', '--phone', '123'], env);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/email/);
    expect(bad.err).toMatch(/phone/);
    expect((await run(['contact', '--fax', '1'], env)).code).toBe(2);
  });

  it('shows, sets and clears the support number', async () => {
    expect((await run(['support'], env)).out).toBe(
      'Support WhatsApp: 2348012345678 (SUPPORT_WHATSAPP; none set by operators)',
    );
    const set = await run(['support', '--whatsapp', '08031234567'], env);
    expect(set.code, set.err).toBe(0);
    expect(set.out).toMatch(/Support WhatsApp: 2348031234567$/);
    expect((await t.request('GET', '/api/v1/agent/support', { token: agent })).body.data).toEqual([
      { link: 'whatsapp=2348031234567' },
    ]);
    const bad = await run(['support', '--whatsapp', '12'], env);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/whatsapp/);
    const cleared = await run(['support', '--whatsapp', ''], env);
    expect(cleared.code, cleared.err).toBe(0);
    expect((await t.request('GET', '/api/v1/agent/support', { token: agent })).body.data).toEqual([
      { link: 'whatsapp=2348012345678' },
    ]);
  });
});

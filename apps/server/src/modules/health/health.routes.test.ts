import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../seed/demo-accounts.js';
import { runAdminCaptured as run } from '../../test/run-admin-captured.js';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import { operatorToken } from '../../test/test-operator.js';
import { VERSION } from './health.routes.js';

const HEALTH = '/api/health';
const DETAILS = '/api/v1/admin/health';
const KIND = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** Nothing of what the server runs on: neither the database's kind nor the version. */
function expectNothingDisclosed(text: string) {
  expect(text).not.toMatch(/pglite|postgres|"database"|"version"|"kind"/i);
  expect(text).not.toContain(VERSION);
}

describe('GET /api/health', () => {
  it("answers 503 'starting' until a full catalogue sync has completed, then 'ok', and 'degraded' once the database is gone: the status alone", async () => {
    const t = await startTestApp();
    // A load balancer must not route here yet: the catalogue may be missing or partial.
    const starting = await t.request('GET', HEALTH);
    expect(starting.status).toBe(503);
    expect(starting.body).toEqual({ message: 'Starting: the catalogue is being loaded', data: { status: 'starting' } });
    expectNothingDisclosed(JSON.stringify(starting.body));
    // The operator's sync (the one main.ts runs at start) records the catalogue complete.
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token: await operatorToken(t) })).status).toBe(200);
    const ok = await t.request('GET', HEALTH);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'OK', data: { status: 'ok' } });
    expectNothingDisclosed(JSON.stringify(ok.body));
    await t.db.close();
    const down = await t.request('GET', HEALTH);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ message: 'Database unreachable', data: { status: 'degraded' } });
    expectNothingDisclosed(JSON.stringify(down.body));
    await t.app.close();
  });

  it('shows no details to an operator either: they have their own endpoint', async () => {
    const t = await startTestApp();
    try {
      const answer = await t.request('GET', HEALTH, { token: await operatorToken(t) });
      expect(answer.body.data).toEqual({ status: 'starting' });
    } finally {
      await t.close();
    }
  });
});

describe('GET /api/v1/admin/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is refused without a session (401) and to an agent (403)', async () => {
    const none = await t.request('GET', DETAILS);
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('UNAUTHENTICATED');
    expectNothingDisclosed(JSON.stringify(none.body));
    const agent = await registerAgent(t);
    const forbidden = await t.request('GET', DETAILS, { token: agent.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('FORBIDDEN');
    expectNothingDisclosed(JSON.stringify(forbidden.body));
  });

  it("gives an operator the status with the database's kind and reachability and the version, with 200 whatever the status", async () => {
    const token = await operatorToken(t);
    const starting = await t.request('GET', DETAILS, { token });
    expect(starting.status).toBe(200);
    expect(starting.body).toEqual({
      message: 'Starting: the catalogue is being loaded',
      data: { status: 'starting', database: { reachable: true, kind: KIND }, version: VERSION },
    });
    expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token })).status).toBe(200);
    const ok = await t.request('GET', DETAILS, { token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      message: 'OK',
      data: { status: 'ok', database: { reachable: true, kind: KIND }, version: VERSION },
    });
  });
});

describe('npm run admin health', () => {
  it('prints the details for a signed-in operator and exits 1 until the server is ready', async () => {
    const t = await startTestApp();
    try {
      const token = await operatorToken(t);
      const env = { HOME: await mkdtemp(join(tmpdir(), 'admin-home-')), AGENTDESK_URL: t.url };
      expect((await run(['health'], env)).code).toBe(2);
      expect(
        (await run(['login', '--identifier', DEMO_OPERATOR.username, '--password', DEMO_OPERATOR.password], env)).code,
      ).toBe(0);
      const starting = await run(['health'], env);
      expect(starting.code).toBe(1);
      expect(starting.out).toContain('Status:   starting');
      expect((await t.request('POST', '/api/v1/admin/catalog/sync', { token })).status).toBe(200);
      const ok = await run(['health'], env);
      expect(ok).toEqual({
        code: 0,
        out: `Status:   ok (OK)\nDatabase: ${KIND}, reachable\nVersion:  ${VERSION}`,
        err: '',
      });
    } finally {
      await t.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      basePath: '/',
      database: { kind: 'pglite', dataDir: './data' },
      seedDemo: true,
      brandName: 'AgentDesk',
      session: { idleMs: 60 * 60_000, absoluteMs: 12 * 3_600_000 },
      sandbox: { latencyMs: 0, failureRate: 0, strict: false, balance: 5_000_000 },
    });
  });

  it('reads the sandbox’s float in whole naira', () => {
    expect(loadConfig({ SANDBOX_BALANCE: '2000000000' }).sandbox.balance).toBe(2_000_000_000);
    expect(() => loadConfig({ SANDBOX_BALANCE: '-1' })).toThrow(/SANDBOX_BALANCE/);
    expect(() => loadConfig({ SANDBOX_BALANCE: '10.5' })).toThrow(/SANDBOX_BALANCE/);
  });

  it('reads the requery backoff as seconds separated by commas, and names a bad one', () => {
    expect(loadConfig({}).upstream.requeryBackoffSeconds).toEqual([10, 30, 60, 120, 300, 600, 1800]);
    expect(loadConfig({ REQUERY_BACKOFF_SECONDS: ' 2, 5 ,20' }).upstream.requeryBackoffSeconds).toEqual([2, 5, 20]);
    for (const bad of ['ten', '10,,20', '0,10', '10,-5', '1.5']) {
      expect(() => loadConfig({ REQUERY_BACKOFF_SECONDS: bad })).toThrow(/REQUERY_BACKOFF_SECONDS/);
    }
    expect(loadConfig({}).upstream.requeryConcurrency).toBe(20);
    expect(() => loadConfig({ REQUERY_CONCURRENCY: '0' })).toThrow(/REQUERY_CONCURRENCY/);
  });

  it('takes basic authentication only with both its parts, and never echoes the password', () => {
    expect(loadConfig({}).upstream.basicAuth).toBeUndefined();
    expect(loadConfig({ UPSTREAM_USERNAME: 'shop@example.com' }).upstream.basicAuth).toBeUndefined();
    expect(
      loadConfig({ UPSTREAM_USERNAME: 'shop@example.com', UPSTREAM_PASSWORD: 'pa55word' }).upstream.basicAuth,
    ).toEqual({ username: 'shop@example.com', password: 'pa55word' });
  });

  it('uses PostgreSQL when DATABASE_URL is set, and then seeds no demo unless asked', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' });
    expect(config.database).toMatchObject({ kind: 'postgres', url: 'postgres://u@localhost/db' });
    expect(config.seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/db', SEED_DEMO: '1' }).seedDemo).toBe(true);
    // The demo's routes follow the demo unless said otherwise.
    expect(loadConfig({}).seedDemoRoutes).toBe(true);
    expect(loadConfig({ SEED_DEMO_ROUTES: '0' }).seedDemoRoutes).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' }).seedDemoRoutes).toBe(false);
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', BASE_PATH: 'app', SESSION_IDLE_MINUTES: '0', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      for (const name of ['PORT', 'BASE_PATH', 'SESSION_IDLE_MINUTES', 'LOG_LEVEL']) expect(message).toContain(name);
      expect(message).toContain('"eighty"');
    }
  });

  it('never echoes a URL that may carry a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://admin:hunter2@db/x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://admin:hunter2@db/x' })).not.toThrow(/hunter2/);
  });

  it('accepts a nested base path and rejects one without slashes', () => {
    expect(loadConfig({ BASE_PATH: '/agents/' }).basePath).toBe('/agents/');
    expect(() => loadConfig({ BASE_PATH: '/agents' })).toThrow(/BASE_PATH/);
  });
});

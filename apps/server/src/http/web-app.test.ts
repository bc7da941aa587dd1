import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';

describe('serving the built web app under BASE_PATH', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = await mkdtemp(join(tmpdir(), 'web-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>x</title><script type="module" src="./assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>',
    );
    await writeFile(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await startTestApp({ env: { WEB_DIST_DIR: dist, BASE_PATH: '/agents/', BRAND_NAME: 'Kiosk & Co "NG"' } });
  });
  afterAll(() => t.close());

  it('injects the base and the runtime configuration, escaped, with no inline script', async () => {
    const response = await fetch(`${t.url}/agents/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('<base href="/agents/">');
    // Before any relative URL, or deep links would fetch /agents/user/assets/...
    expect(html.indexOf('<base')).toBeLessThan(html.indexOf('<script'));
    const content = /<meta name="agentdesk-config" content="([^"]*)">/.exec(html)?.[1] ?? '';
    const decoded = content
      .replaceAll('&quot;', '"')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
    expect(JSON.parse(decoded)).toEqual({ basePath: '/agents/', brandName: 'Kiosk & Co "NG"', apiBaseUrl: '' });
    expect(html).toContain('<title>Kiosk &amp; Co &quot;NG&quot;</title>');
    expect(html).not.toMatch(/<script>/); // no inline script
  });

  it('falls back to index.html for app routes (history API)', async () => {
    for (const path of ['/agents/login', '/agents/user/profile', '/agents/services/data']) {
      const response = await fetch(`${t.url}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('agentdesk-config');
    }
  });

  it('serves hashed assets with a long cache, and a missing asset as 404', async () => {
    const asset = await fetch(`${t.url}/agents/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${t.url}/agents/assets/missing-1.js`);
    expect(missing.status).toBe(404);
  });

  it('keeps API 404s as JSON and pages outside the base path as 404', async () => {
    const api = await t.request('GET', '/api/v1/agent/unknown');
    expect(api.status).toBe(404);
    expect(api.body.code).toBe('NOT_FOUND');
    expect((await fetch(`${t.url}/elsewhere`)).status).toBe(404);
  });
});

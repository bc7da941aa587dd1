import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { pickEncoding, renderPrerendered } from './web-app.js';

const SCRIPT = `console.log(${JSON.stringify('agentdesk '.repeat(300))});`;

describe('serving the built web app under BASE_PATH', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = await mkdtemp(join(tmpdir(), 'web-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>x</title><script type="module" src="./assets/app-B2x_9kQa.js"></script></head><body><div id="root"></div></body></html>',
    );
    // What scripts/precompress.mjs leaves next to each text file of the build.
    const asset = join(dist, 'assets', 'app-B2x_9kQa.js');
    await writeFile(asset, SCRIPT);
    await writeFile(`${asset}.br`, brotliCompressSync(SCRIPT));
    await writeFile(`${asset}.gz`, gzipSync(SCRIPT));
    await writeFile(join(dist, 'robots.txt'), 'User-agent: *\n');
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
    const asset = await fetch(`${t.url}/agents/assets/app-B2x_9kQa.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A file without a hash in its name may change under the same URL.
    const robots = await fetch(`${t.url}/agents/robots.txt`);
    expect(robots.headers.get('cache-control')).toBe('no-cache');
    const missing = await fetch(`${t.url}/agents/assets/missing-1.js`);
    expect(missing.status).toBe(404);
  });

  it('keeps API 404s as JSON and pages outside the base path as 404', async () => {
    const api = await t.request('GET', '/api/v1/agent/unknown');
    expect(api.status).toBe(404);
    expect(api.body.code).toBe('NOT_FOUND');
    expect((await fetch(`${t.url}/elsewhere`)).status).toBe(404);
  });

  it('sends the precompressed asset the browser accepts: br, else gzip, else the file itself', async () => {
    const url = `${t.url}/agents/assets/app-B2x_9kQa.js`;
    for (const [accept, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      // fetch decodes what it is sent: the text is the script whatever the encoding.
      const response = await fetch(url, { headers: { 'accept-encoding': accept } });
      expect(response.status, accept).toBe(200);
      expect(response.headers.get('content-encoding'), accept).toBe(expected);
      expect(response.headers.get('content-type'), accept).toMatch(/javascript/);
      expect(response.headers.get('vary'), accept).toMatch(/accept-encoding/i);
      expect(response.headers.get('cache-control'), accept).toContain('immutable');
      expect(await response.text(), accept).toBe(SCRIPT);
    }
    // A script keeps the headers a script uses, not those that only govern a document
    // (about 500 bytes on each of the dashboard's files).
    const response = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    for (const name of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'origin-agent-cluster']) {
      expect(response.headers.get(name), name).toBeNull();
    }
    // Documents keep them all: the page, a file that is not a hashed subresource, an API answer.
    for (const path of ['/agents/', '/agents/robots.txt', '/api/health']) {
      const document = await fetch(`${t.url}${path}`);
      expect(document.headers.get('content-security-policy'), path).toContain("script-src 'self'");
      expect(document.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(document.headers.get('permissions-policy'), path).toContain('camera=()');
    }
  });

  it('sends index.html compressed and never cached, on the base path and as the history fallback', async () => {
    for (const path of ['/agents/', '/agents/user/profile']) {
      const br = await fetch(`${t.url}${path}`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } });
      expect(br.headers.get('content-encoding'), path).toBe('br');
      expect(br.headers.get('cache-control'), path).toBe('no-cache');
      expect(br.headers.get('vary'), path).toMatch(/accept-encoding/i);
      expect(br.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(await br.text(), path).toContain('agentdesk-config');
      const gzip = await fetch(`${t.url}${path}`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
      expect(gzip.headers.get('content-encoding'), path).toBe('gzip');
      expect(await gzip.text(), path).toContain('<base href="/agents/">');
      const plain = await fetch(`${t.url}${path}`, { headers: { accept: 'text/html', 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding'), path).toBeNull();
      expect(plain.headers.get('cache-control'), path).toBe('no-cache');
      expect(await plain.text(), path).toContain('agentdesk-config');
    }
  });

  it('compresses JSON answers of 1 KiB and more, and leaves smaller ones alone', async () => {
    const large = await fetch(`${t.url}/api/v1/openapi.json`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(large.status).toBe(200);
    expect(large.headers.get('content-encoding')).toBe('br');
    expect(large.headers.get('vary')).toMatch(/accept-encoding/i);
    const spec = (await large.json()) as { openapi?: string };
    expect(spec.openapi).toBeDefined();
    const gzip = await fetch(`${t.url}/api/v1/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${t.url}/api/v1/openapi.json`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { openapi?: string }).openapi).toBe(spec.openapi);

    const small = await fetch(`${t.url}/api/health`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(Number(small.headers.get('content-length'))).toBeLessThan(1024);
    expect(small.headers.get('content-encoding')).toBeNull();
    // API answers keep their own caching rule.
    expect(small.headers.get('cache-control')).toBe('no-store');
  });
});

describe('choosing the encoding from Accept-Encoding', () => {
  it('prefers br, then gzip, honours q=0 and *, and sends nothing it was not asked for', () => {
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('')).toBeUndefined();
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('deflate')).toBeUndefined();
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('BR;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0')).toBeUndefined();
    expect(pickEncoding('gzip, *;q=0')).toBe('gzip');
  });
});

/** What scripts/prerender-pages.mjs writes, in small: placeholders where the configuration goes. */
const PLACEHOLDERS = { basePath: '/prerendered-base', brandName: 'prerendered-brand' };
const BOOT = "document.documentElement.dataset.visitor='signed-out'";
const page = (title: string, drawnFor: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title><script>${BOOT}</script></head><body><div id="root" data-prerendered="${drawnFor}">${body}</div><script type="module" src="./assets/app-B2x_9kQa.js"></script></body></html>`;

describe('serving the pages the build prerendered (decision 039)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = await mkdtemp(join(tmpdir(), 'web-dist-'));
    await mkdir(join(dist, '.prerendered'), { recursive: true });
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    const files = {
      'login.html': page(
        `Sign in | ${PLACEHOLDERS.brandName}`,
        'signed-out',
        `<main><p>${PLACEHOLDERS.brandName}</p><h1>Sign in</h1><a href="${PLACEHOLDERS.basePath}/register">Create an account</a></main>`,
      ),
      'home.html': page(
        `Dashboard | ${PLACEHOLDERS.brandName}`,
        'signed-in',
        `<header><a href="${PLACEHOLDERS.basePath}">${PLACEHOLDERS.brandName}</a></header><h1>Dashboard</h1>`,
      ),
      'frame.html': page(PLACEHOLDERS.brandName, 'signed-in', '<header>frame</header>'),
    };
    for (const [file, html] of Object.entries(files)) await writeFile(join(dist, '.prerendered', file), html);
    await writeFile(
      join(dist, '.prerendered', 'pages.json'),
      JSON.stringify({
        placeholders: PLACEHOLDERS,
        pages: [
          { file: 'login.html', paths: ['login'] },
          { file: 'home.html', paths: ['', 'dashboard/default'] },
          { file: 'frame.html', paths: ['user/transactions', 'user/transactions/:id/receipt'] },
        ],
      }),
    );
    t = await startTestApp({ env: { WEB_DIST_DIR: dist, BASE_PATH: '/agents/', BRAND_NAME: 'Kiosk & Co "NG"' } });
  });
  afterAll(() => t.close());

  const get = async (path: string, encoding = 'gzip, br') => {
    const response = await fetch(`${t.url}${path}`, { headers: { accept: 'text/html', 'accept-encoding': encoding } });
    return { response, html: await response.text() };
  };

  it('answers each path with the page prerendered for it, and any other page with index.html', async () => {
    for (const [path, heading] of [
      ['/agents/login', '<h1>Sign in</h1>'],
      ['/agents/login/', '<h1>Sign in</h1>'],
      ['/agents/login?next=1', '<h1>Sign in</h1>'],
      ['/agents/', '<h1>Dashboard</h1>'],
      ['/agents/dashboard/default', '<h1>Dashboard</h1>'],
      ['/agents/user/transactions', '<header>frame</header>'],
      ['/agents/user/transactions/ord_12/receipt', '<header>frame</header>'],
    ] as const) {
      const { response, html } = await get(path);
      expect(response.status, path).toBe(200);
      expect(html, path).toContain(heading);
    }
    for (const path of [
      '/agents/register',
      '/agents/admin/agents',
      '/agents/user/transactions/a/b/receipt',
      '/agents/nowhere',
    ]) {
      const { response, html } = await get(path);
      expect(response.status, path).toBe(200);
      expect(html, path).toContain('<div id="root"></div>');
    }
  });

  it('fills in the base path and the brand, escaped, and injects the runtime configuration first in <head>', async () => {
    const { html } = await get('/agents/login');
    expect(html).toContain('<title>Sign in | Kiosk &amp; Co &quot;NG&quot;</title>');
    expect(html).toContain('<p>Kiosk &amp; Co &quot;NG&quot;</p>');
    expect(html).toContain('<a href="/agents/register">');
    expect(html).not.toContain('prerendered-');
    expect(html.indexOf('<base href="/agents/">')).toBeLessThan(html.indexOf('<script'));
    expect(html).toContain('<meta name="agentdesk-config"');
    // The router writes the home's link as the base without its slash.
    expect((await get('/agents/')).html).toContain('<a href="/agents">Kiosk &amp; Co &quot;NG&quot;</a>');
  });

  it('sends each page compressed and never cached', async () => {
    for (const [encoding, expected] of [
      ['gzip, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const { response, html } = await get('/agents/login', encoding);
      expect(response.headers.get('content-encoding'), encoding).toBe(expected);
      expect(response.headers.get('cache-control'), encoding).toBe('no-cache');
      expect(response.headers.get('vary'), encoding).toMatch(/accept-encoding/i);
      expect(html, encoding).toContain('<h1>Sign in</h1>');
    }
  });

  it('allows the page’s boot script by its hash, and no other inline script anywhere', async () => {
    const hash = `'sha256-${createHash('sha256').update(BOOT).digest('base64')}'`;
    const { response } = await get('/agents/login');
    const policy = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1];
    expect(scriptSrc).toBe(`'self' ${hash}`);
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    for (const path of ['/agents/nowhere', '/api/health']) {
      const other = await fetch(`${t.url}${path}`);
      expect(/script-src ([^;]*)/.exec(other.headers.get('content-security-policy') ?? '')?.[1], path).toBe("'self'");
    }
  });

  it('does not serve the pages as the build wrote them', async () => {
    for (const path of ['/agents/.prerendered/login.html', '/agents/.prerendered/pages.json']) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('prerendered-brand');
    }
  });
});

describe('a prerendered page under the root base path', () => {
  it('links home as / and every other page from /', () => {
    const html = renderPrerendered(
      `<a href="${PLACEHOLDERS.basePath}">${PLACEHOLDERS.brandName}</a><a href="${PLACEHOLDERS.basePath}/register">x</a>`,
      PLACEHOLDERS,
      { distDir: '/nonexistent', basePath: '/', brandName: 'AgentDesk', apiBaseUrl: '' },
    );
    expect(html).toBe('<a href="/">AgentDesk</a><a href="/register">x</a>');
  });
});

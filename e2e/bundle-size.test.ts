import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent } from './support/api';
import { browserAvailable, launchChromium, openPage, PHONE } from './support/chromium';
import { startServer, type RunningServer } from './support/server';
import { signIn } from './support/ui';

const run = promisify(execFile);
const script = fileURLToPath(new URL('../scripts/bundle-size.mjs', import.meta.url));

interface SizeReport {
  budgetKiB: { '/login': number; 'home chart': number };
  pages: { page: string; gzipKiB: number; withDeferredGzipKiB: number }[];
  chartGzipKiB: number;
}

// Needs only the build (npm test builds first), not a browser.
describe('bundle size', () => {
  it('keeps the JavaScript of /login within 80 KiB gzipped', async () => {
    const { stdout } = await run(process.execPath, [script, '--json']).catch(
      (error: { stdout?: string; stderr?: string }) => {
        throw new Error(`bundle-size failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
      },
    );
    const report = JSON.parse(stdout) as SizeReport;
    expect(report.budgetKiB['/login']).toBe(80);
    const login = report.pages.find((page) => page.page === '/login');
    expect(login?.gzipKiB).toBeGreaterThan(50); // the check really measured something
    expect(login?.gzipKiB).toBeLessThanOrEqual(80);
    // The home's chart is its own chunk, fetched after the home paints (decision 021).
    expect(report.chartGzipKiB).toBeGreaterThan(5);
    expect(report.chartGzipKiB).toBeLessThanOrEqual(report.budgetKiB['home chart']);
    console.log(report.pages.map((page) => `${page.page}: ${page.gzipKiB} KiB gz`).join(', '));
  });
});

const DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const KIB = 1024;
/**
 * What a phone may download for each page on a first visit: compressed JavaScript. Issue 20's
 * goals are 80 KiB for /login and 250 KiB for the home. The home meets it: 240.8 KiB on
 * 2026-11-25 once toasts and the theme drawer came when first used; the operator console then
 * split the chunks it shares with the agent's screens (244.1 KiB in 60 files, /login 119.7),
 * and since the frame's libraries and the entry's shared modules are one chunk each
 * (apps/web/vite.config.ts) 228.9 KiB in 31 files; with the notifications panel fetched when
 * first opened, and the take-over of the prerendered pages in the entry (decision 039), 228.2 KiB
 * in 30. /login did not (118.3 KiB in 9 files: React, React DOM and React Router alone are 82 KiB,
 * decision 008) until the sign-in pages got an entry of their own, without React Router, Redux or
 * RTK Query (decision 042): 66.2 KiB in 11 files, by `npm run size`. Both budgets hold what was
 * reached, so that nothing grows, and come down with each step. The home's grew once, by a KiB
 * (2026-11-28): the early answer's taking (decision 047) and Bulk purchase's menu item and icon
 * (decision 045), 228.8 KiB in 31 files; and again by a KiB when the app's start was cut into
 * tasks (decision 048: the frame's API modules and the routes' data requests loaded apart, in
 * chunks of their own, the top bar's Hint, naira formatted without Intl), 230.0 KiB in 33 files.
 */
const TRANSFER_BUDGET_KIB = { '/login': 67, home: 230.5 } as const;

/** Every text file of the build the server serves (dot folders such as .vite are not served). */
function textAssets(dir = DIST, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = `${prefix}${entry.name}`;
    if (entry.isDirectory()) return textAssets(dir, `${path}/`);
    return /\.(?:js|mjs|css|html|svg|json|txt)$/.test(entry.name) ? [path] : [];
  });
}

interface Transfer {
  /** Compressed bytes of JavaScript as they came over the wire (the response bodies). */
  encodedBytes: number;
  decodedBytes: number;
  files: string[];
  /** Scripts that came without br. */
  uncompressed: string[];
}

/**
 * Loads a page with the browser's cache off and sums what its JavaScript weighed on the wire,
 * from the Resource Timing entries (encodedBodySize), once the network has gone quiet: bytes,
 * so the figure is the same on every run.
 */
async function javascriptTransfer(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<Transfer> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const uncompressed: string[] = [];
  page.on('response', (response) => {
    if (!/\.js$/.test(new URL(response.url()).pathname)) return;
    if (response.headers()['content-encoding'] !== 'br') uncompressed.push(response.url());
  });
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ name: entry.name, encoded: entry.encodedBodySize, decoded: entry.decodedBodySize })),
  );
  return {
    encodedBytes: entries.reduce((sum, entry) => sum + entry.encoded, 0),
    decodedBytes: entries.reduce((sum, entry) => sum + entry.decoded, 0),
    files: entries.map((entry) => new URL(entry.name).pathname),
    uncompressed,
  };
}

const kib = (bytes: number) => Math.round((bytes / KIB) * 10) / 10;

describe.skipIf(!browserAvailable)('what a phone downloads (compressed, first visit)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('keeps /login and the signed-in home within their budgets of compressed JavaScript', async () => {
    const agent = await registerAgent(server.url);
    const { context, page } = await openPage(browser, server.url, PHONE);
    const login = await javascriptTransfer(page, '/login', (opened) =>
      opened.getByRole('button', { name: 'Sign in' }).waitFor(),
    );
    await signIn(page, agent.username, agent.password);
    // The session is stored: a new tab on / is the signed-in home's first visit, cache off.
    const home = await javascriptTransfer(await context.newPage(), '/', async (opened) => {
      await opened.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await opened.getByRole('navigation', { name: 'Quick buy' }).waitFor();
    });
    await context.close();

    const summary = (name: string, transfer: Transfer) =>
      `${name}: ${kib(transfer.encodedBytes)} KiB compressed (${kib(transfer.decodedBytes)} KiB decoded) in ${transfer.files.length} files`;
    console.log(`${summary('/login', login)}; ${summary('home', home)}`);
    for (const [name, transfer] of [
      ['/login', login],
      ['home', home],
    ] as const) {
      expect(transfer.files.length, name).toBeGreaterThan(1);
      expect(transfer.uncompressed, `${name}: scripts sent without brotli`).toEqual([]);
      // Really compressed, and really measured (a cached or opaque entry would read 0).
      expect(transfer.encodedBytes, name).toBeGreaterThan(20 * KIB);
      expect(transfer.encodedBytes, name).toBeLessThan(transfer.decodedBytes / 2);
    }
    expect(kib(login.encodedBytes), summary('/login', login)).toBeLessThanOrEqual(TRANSFER_BUDGET_KIB['/login']);
    expect(kib(home.encodedBytes), summary('home', home)).toBeLessThanOrEqual(TRANSFER_BUDGET_KIB.home);
  });

  it('sends every text file of the build as brotli, or gzip when brotli is not accepted, never as it is', async () => {
    const assets = textAssets();
    expect(assets.length).toBeGreaterThan(20);
    expect(assets).toContain('index.html');
    const failures: string[] = [];
    for (const asset of assets) {
      // index.html itself is only ever sent rendered, as the answer for pages.
      const url = asset === 'index.html' ? `${server.url}/login` : `${server.url}/${asset}`;
      for (const [accept, expected] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
      ] as const) {
        const response = await fetch(url, { headers: { 'accept-encoding': accept, accept: '*/*' } });
        await response.arrayBuffer();
        const encoding = response.headers.get('content-encoding');
        if (response.status !== 200 || encoding !== expected)
          failures.push(`${asset} (${accept}): ${response.status} ${encoding ?? 'not compressed'}`);
        if (!/accept-encoding/i.test(response.headers.get('vary') ?? ''))
          failures.push(`${asset}: no Vary: Accept-Encoding`);
      }
    }
    expect(failures).toEqual([]);

    // Hashed files are cached for good, the page never.
    const script = assets.find((asset) => asset.startsWith('assets/') && asset.endsWith('.js'))!;
    const cached = await fetch(`${server.url}/${script}`);
    expect(cached.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const page = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('cache-control')).toBe('no-cache');

    // API answers: compressed from 1 KiB.
    const spec = await fetch(`${server.url}/api/v1/openapi.json`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(spec.headers.get('content-encoding')).toBe('br');
    const health = await fetch(`${server.url}/api/health`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(health.headers.get('content-encoding')).toBeNull();
  });
});

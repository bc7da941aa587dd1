import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { registerAgent, type Agent } from './support/api';
import { browserAvailable, launchChromium, openPage } from './support/chromium';
import { startServer, type RunningServer } from './support/server';
import { signIn } from './support/ui';

/** A 360 px phone: the agent at the kiosk. */
const SMALL_PHONE = { width: 360, height: 740 } as const;
const SUMMARY_PATH = '/api/v1/agent/dashboard/summary';

/** Collects the page's Content-Security-Policy violations, from its first script on. */
async function recordCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** Slows the page's network like a cheap phone on 3G, and turns its cache off. */
async function slowNetwork(page: Page, latencyMs: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

const chunkName = (url: string) => /\/assets\/([\w-]+?)-[\w-]{8}\.js$/.exec(new URL(url).pathname)?.[1];

describe.skipIf(!browserAvailable)('performance on a cheap phone over a slow network', () => {
  let server: RunningServer;
  let browser: Browser;
  let agent: Agent;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    agent = await registerAgent(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('reports no CSP violation on /login nor on the signed-in home (zod stays jitless)', async () => {
    const { context, page, errors } = await openPage(browser, server.url, SMALL_PHONE);
    await recordCspViolations(context);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await signIn(page, agent.username, agent.password);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Quick buy' }).waitFor();
    expect(await cspViolations(page)).toEqual([]);
    // A fresh load of the home, with the session stored: its schemas parse from the start.
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Quick buy' }).waitFor();
    expect(await cspViolations(page)).toEqual([]);
    expect(errors.filter((line) => /Refused to evaluate|Content Security Policy/i.test(line))).toEqual([]);
    await context.close();
  });

  it('asks for the home’s data while its code is still arriving, not after the chunks one by one', async () => {
    const { context, page } = await openPage(browser, server.url, SMALL_PHONE);
    await signIn(page, agent.username, agent.password);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    const home = await context.newPage();
    await slowNetwork(home, 300);
    const started = new Map<string, number>();
    const finished = new Map<string, number>();
    let order = 0;
    let summaryRequests = 0;
    home.on('request', (request) => {
      if (request.url().includes(SUMMARY_PATH)) summaryRequests += 1;
      const name = request.url().includes(SUMMARY_PATH) ? 'summary' : chunkName(request.url());
      if (name && !started.has(name)) started.set(name, order++);
    });
    home.on('requestfinished', (request) => {
      const name = request.url().includes(SUMMARY_PATH) ? 'summary' : chunkName(request.url());
      if (name && !finished.has(name)) finished.set(name, order++);
    });
    await home.goto('/');
    await home.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 60_000 });
    await home.getByRole('navigation', { name: 'Quick buy' }).waitFor();
    await home.waitForLoadState('networkidle');

    const timeline = { started: Object.fromEntries(started), finished: Object.fromEntries(finished) };
    expect(started.has('summary'), JSON.stringify(timeline)).toBe(true);
    expect(started.has('dashboard-route'), JSON.stringify(timeline)).toBe(true);
    expect(started.has('main-layout'), JSON.stringify(timeline)).toBe(true);
    // The data request leaves before the screen's code has arrived: the two overlap.
    expect(started.get('summary'), JSON.stringify(timeline)).toBeLessThan(finished.get('dashboard-route') ?? -1);
    expect(started.get('summary'), JSON.stringify(timeline)).toBeLessThan(finished.get('main-layout') ?? -1);
    // The screen finds that request under way and does not ask again.
    expect(summaryRequests).toBe(1);
    // The route's chunks are asked for together, not one after the other has arrived.
    expect(started.get('dashboard-route'), JSON.stringify(timeline)).toBeLessThan(finished.get('main-layout') ?? -1);
    await context.close();
  });

  it('says at once when a screen’s code cannot be fetched, offers Retry, and shows the screen once it arrives', async () => {
    const { context, page } = await openPage(browser, server.url, SMALL_PHONE);
    await signIn(page, agent.username, agent.password);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    let blocked = true;
    await context.route(/\/assets\/profile-route-[\w-]+\.js$/, (route) =>
      blocked ? route.abort('internetdisconnected') : route.continue(),
    );
    const began = Date.now();
    await page.evaluate(() => {
      window.history.pushState({}, '', `${document.baseURI.replace(/\/$/, '')}/user/profile`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const trouble = page.getByRole('alert').filter({ hasText: 'Could not load this screen. Check your connection.' });
    await trouble.waitFor({ timeout: 5_000 });
    expect(Date.now() - began).toBeLessThan(5_000);
    const retry = trouble.getByRole('button', { name: 'Retry' });
    await retry.waitFor();

    blocked = false;
    await retry.click();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor({ timeout: 5_000 });
    await trouble.waitFor({ state: 'detached' });
    await context.close();
  });

  it('keeps toasts off the heading on a 360 px phone and leaves them behind on the next screen', async () => {
    const { context, page } = await openPage(browser, server.url, SMALL_PHONE);
    await page.goto('/login');
    await page.getByLabel('Email, username or phone').fill(agent.username);
    await page.getByLabel('Password', { exact: true }).fill('Not-the-password#1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.Toastify__toast').first().waitFor();

    // The next screen starts without the previous screen's toasts.
    await page
      .getByRole('link', { name: /create an account|register|sign up/i })
      .first()
      .click();
    await page.waitForURL(/\/register$/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.locator('.Toastify__toast').waitFor({ state: 'detached', timeout: 1_500 });

    // A toast that comes with a navigation (the welcome after signing in) travels with it,
    // and stays off the home's heading.
    await page.goto('/login');
    await page.getByLabel('Email, username or phone').fill(agent.username);
    await page.getByLabel('Password', { exact: true }).fill(agent.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const heading = page.getByRole('heading', { name: 'Dashboard', level: 1 });
    await heading.waitFor();
    const toast = page.locator('.Toastify__toast').first();
    await toast.waitFor();
    // The toast's entry animation has ended: its box is where it stays.
    await page.waitForTimeout(800);
    const headingBox = await heading.boundingBox();
    const box = await toast.boundingBox();
    expect(headingBox).not.toBeNull();
    expect(box).not.toBeNull();
    if (headingBox && box) {
      const overlaps =
        box.x < headingBox.x + headingBox.width &&
        headingBox.x < box.x + box.width &&
        box.y < headingBox.y + headingBox.height &&
        headingBox.y < box.y + box.height;
      expect(overlaps, JSON.stringify({ headingBox, box })).toBe(false);
    }
    await context.close();
  });
});

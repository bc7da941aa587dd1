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

/** Whether `seen` resolves within `ms`. */
function seenWithin(ms: number, seen: Promise<unknown>): Promise<boolean> {
  return Promise.race([seen.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
}

/** A promise and the function that resolves it. */
function signal(): { promise: Promise<void>; fire: () => void } {
  let fire = () => undefined as void;
  const promise = new Promise<void>((resolve) => (fire = resolve));
  return { promise, fire };
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

  it('asks for the home’s code with the page and for its data before that code has arrived: no waterfall', async () => {
    const { context, page } = await openPage(browser, server.url, SMALL_PHONE);
    await signIn(page, agent.username, agent.password);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    // A fresh tab on the home, signed in. Each answer below is held until what must not wait for
    // it has been asked for: a waterfall would hold it for the whole wait, and fail.
    const home = await context.newPage();
    const routeChunks = { 'main-layout': signal(), 'dashboard-route': signal() };
    const summary = signal();
    const askedFirst: string[] = [];
    let summaryRequests = 0;
    home.on('request', (request) => {
      const name = request.url().includes(SUMMARY_PATH) ? 'summary' : chunkName(request.url());
      if (name === 'summary') {
        summaryRequests += 1;
        summary.fire();
      }
      if (name === 'main-layout' || name === 'dashboard-route') routeChunks[name].fire();
    });
    // The entry waits until the route's chunks are asked for: by the prerendered page (decision
    // 039), not by the entry once it has run.
    await home.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      const chunks = Promise.all(Object.values(routeChunks).map((chunk) => chunk.promise));
      if (await seenWithin(15_000, chunks)) askedFirst.push('route chunks before the entry arrived');
      await route.continue();
    });
    // The screen's code waits until the data is asked for: the route's loader asks at once.
    await home.route(/\/assets\/(?:main-layout|dashboard-route)-[\w-]+\.js$/, async (route) => {
      if (await seenWithin(15_000, summary.promise))
        askedFirst.push(`summary before ${chunkName(route.request().url())} arrived`);
      await route.continue();
    });
    await home.goto('/', { waitUntil: 'commit' });
    await home.getByText(/^Welcome back, /).waitFor({ timeout: 60_000 });
    await home.getByRole('navigation', { name: 'Quick buy' }).waitFor();
    await home.waitForLoadState('networkidle');

    expect(askedFirst.sort()).toEqual([
      'route chunks before the entry arrived',
      'summary before dashboard-route arrived',
      'summary before main-layout arrived',
    ]);
    // The screen finds that request under way and does not ask again.
    expect(summaryRequests).toBe(1);
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

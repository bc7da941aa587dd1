import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, launchChromium, openPage } from './support/chromium';
import { DEMO_AGENT, startServer, type RunningServer } from './support/server';

describe.skipIf(!browserAvailable)('smoke: the built server serves the app to Chromium', () => {
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

  it('shows the login page, accessible and without errors', async () => {
    const { context, page, errors } = await openPage(browser, server.url);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.title()).toBe('Sign in | AgentDesk');
    await page.getByLabel('Email, username or phone').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets the demo agent sign in and lands on the dashboard', async () => {
    const { context, page, errors } = await openPage(browser, server.url);
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${pathname}`);
    });
    await page.goto('/');
    await page.waitForURL('**/login');
    await page.getByLabel('Email, username or phone').fill(DEMO_AGENT.username);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_AGENT.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page
      .getByText(/^₦[\d,]+\.\d{2}$/)
      .first()
      .waitFor();
    // Entering the protected area refreshed the user; the frame asks the unread count, the home
    // the balance and its summary (and the newest notifications, only when some are unread).
    expect(apiCalls.filter((call) => call !== 'GET /api/v1/agent/notify').sort()).toEqual(
      [
        'POST /api/v1/agent/auth/login',
        'GET /api/v1/agent/auth/me',
        'GET /api/v1/agent/notify/unread-count',
        'GET /api/v1/agent/wallet/balance',
        'GET /api/v1/agent/dashboard/summary',
      ].sort(),
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.skipIf(!browserAvailable)('smoke: the app under a BASE_PATH, with the brand from configuration', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ BASE_PATH: '/agents/', BRAND_NAME: 'QuickTopUp' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('routes, loads its assets and returns to a deep link under the base path', async () => {
    const { context, page, errors } = await openPage(browser, server.url);
    await page.goto('/agents/user/profile');
    await page.waitForURL('**/agents/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.title()).toBe('Sign in | QuickTopUp');
    await page.getByLabel('Email, username or phone').fill(DEMO_AGENT.username);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_AGENT.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/agents/user/profile');
    await page.getByRole('banner').getByText('QuickTopUp').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends the prerendered pages with the base path in their links and the brand in their text', async () => {
    const login = await (await fetch(`${server.url}/agents/login`)).text();
    expect(login).toContain('<title>Sign in | QuickTopUp</title>');
    expect(login).toContain('href="/agents/register"');
    expect(login).toMatch(/<\/svg>QuickTopUp<\/p>/);
    const home = await (await fetch(`${server.url}/agents/`)).text();
    expect(home).toContain('href="/agents"');
    expect(home).toContain('href="/agents/services/airtime"');
    expect(home).not.toContain('agentdesk-prerendered');

    // Hydrated under the base path, its links stay in the app (no page load).
    const { context, page, errors } = await openPage(browser, server.url);
    await page.goto('/agents/login');
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('button[type=submit]')?.disabled);
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/agents/register');
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

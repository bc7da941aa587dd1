import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newAgent, registerAgent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, launchChromium, openPage, PHONE } from './support/chromium';
import { startServer, type RunningServer } from './support/server';
import { pathOf, signIn, storedSession, toast } from './support/ui';

describe.skipIf(!browserAvailable)('authentication in the browser', () => {
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

  it('registers a new agent on a phone and lands on the dashboard', async () => {
    const { context, page, errors } = await openPage(browser, server.url, PHONE);
    const agent = newAgent();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByLabel('First name').fill(agent.firstName);
    await page.getByLabel('Last name').fill(agent.lastName);
    await page.getByLabel('Username').fill(agent.username);
    await page.getByLabel('Email address').fill(agent.email);
    await page.getByLabel('Phone number').fill(`+234 ${agent.phone.slice(1)}`);
    await page.getByLabel('Password', { exact: true }).fill(agent.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(agent.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/');
    await page.getByText(`Welcome back, ${agent.firstName}`).waitFor();
    const session = await storedSession(page);
    expect(session?.user.username).toBe(agent.username);
    expect(session?.token).toBeTruthy();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the server's message, on the field too, when the email is already registered", async () => {
    const existing = await registerAgent(server.url);
    const { context, page } = await openPage(browser, server.url);
    const agent = newAgent();
    await page.goto('/register');
    await page.getByLabel('First name').fill(agent.firstName);
    await page.getByLabel('Last name').fill(agent.lastName);
    await page.getByLabel('Username').fill(agent.username);
    await page.getByLabel('Email address').fill(existing.email);
    await page.getByLabel('Phone number').fill(agent.phone);
    await page.getByLabel('Password', { exact: true }).fill(agent.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(agent.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.locator('.Toastify__toast--error').waitFor();
    const message = await page.locator('.Toastify__toast--error').innerText();
    expect(message).toMatch(/already registered/);
    expect(await page.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(pathOf(page)).toBe('/register');
    await context.close();
  });

  it('shows the contract messages for an empty login form and sends nothing', async () => {
    const { context, page } = await openPage(browser, server.url);
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/agent/auth/login')) loginCalls += 1;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email, username or phone is required').waitFor();
    await page.getByText('Password is required').waitFor();
    expect(loginCalls).toBe(0);
    await context.close();
  });

  it("shows the server's message for a wrong password", async () => {
    const agent = await registerAgent(server.url);
    const answer = await fetch(`${server.url}/api/v1/agent/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: agent.username, password: 'not-the-password' }),
    });
    const { message } = (await answer.json()) as { message: string };
    expect(answer.status).toBe(401);

    const { context, page } = await openPage(browser, server.url);
    await page.goto('/login');
    await page.getByLabel('Email, username or phone').fill(agent.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toast(page, message);
    expect(pathOf(page)).toBe('/login');
    expect(await storedSession(page)).toBeNull();
    await context.close();
  });

  it('toggles the password visibility', async () => {
    const { context, page } = await openPage(browser, server.url);
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    await context.close();
  });

  it('sends a signed-out visitor of a protected page to /login and back after signing in', async () => {
    const agent = await registerAgent(server.url);
    const { context, page, errors } = await openPage(browser, server.url);
    await page.goto('/services/electricity');
    await page.waitForURL('**/login');
    await signIn(page, agent.email, agent.password);
    await page.getByRole('heading', { name: 'Electricity Bill', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/services/electricity');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('logs out from the profile chip with the "You have Logout" toast, and the token stops working', async () => {
    const agent = await registerAgent(server.url);
    const { context, page } = await openPage(browser, server.url);
    await signIn(page, agent.username, agent.password);
    const token = (await storedSession(page))?.token;
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByText(`Good Day, ${agent.firstName} ${agent.lastName}`).waitFor();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await toast(page, 'You have Logout');
    await page.waitForURL('**/login');
    // Error-style, top-center, no progress bar, gone after about 2 s (spec sections 4 and 9).
    const logoutToast = page.locator('.Toastify__toast--error', { hasText: 'You have Logout' });
    expect(await logoutToast.isVisible()).toBe(true);
    expect(await page.locator('.Toastify__toast-container--top-center').count()).toBe(1);
    expect(await page.locator('.Toastify__progress-bar--wrp:not([data-hidden="true"])').count()).toBe(0);
    const shownAt = Date.now();
    await logoutToast.waitFor({ state: 'detached', timeout: 5_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1_000);
    expect(await storedSession(page)).toBeNull();

    // The server revoked the token too (the request runs in the background).
    await expect
      .poll(async () => {
        const me = await fetch(`${server.url}/api/v1/agent/auth/me`, { headers: { authorization: `Bearer ${token}` } });
        return me.status;
      })
      .toBe(401);

    // And the protected area is closed again.
    await page.goto('/user/profile');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('ends the session when the server answers 401 (token revoked elsewhere)', async () => {
    const agent = await registerAgent(server.url);
    const { context, page } = await openPage(browser, server.url);
    await signIn(page, agent.username, agent.password);
    const token = (await storedSession(page))?.token;
    await fetch(`${server.url}/api/v1/agent/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    await page.goto('/user/profile');
    await page.waitForURL('**/login');
    expect(await storedSession(page)).toBeNull();
    await context.close();
  });
});

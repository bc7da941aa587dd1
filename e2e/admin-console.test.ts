import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { registerAgent, type Agent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, DESKTOP, launchChromium, openPage } from './support/chromium';
import { addFundingAccount, agentToken, approveFunding, signInOperator, type Operator } from './support/operator';
import { DEMO_OPERATOR, startServer, type RunningServer } from './support/server';
import { besides, pathOf, signIn } from './support/ui';

/** The small phone (e2e/support/chromium.ts's PHONE is 375 px wide). */
const SMALL_PHONE = { width: 360, height: 740 } as const;
const OPERATOR_SESSION_KEY = 'agentdesk_operator_session';
const APPROVE_PATH = /\/api\/v1\/admin\/funding-requests\/[^/]+\/approve$/;
/** A real 1×1 PNG: the server checks the proof by its content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The console's chunk, read from the build's manifest: what an agent's page must never fetch. */
function consoleChunk(): string {
  const manifest = JSON.parse(
    readFileSync(fileURLToPath(new URL('../apps/web/dist/.vite/manifest.json', import.meta.url)), 'utf8'),
  ) as Record<string, { file: string }>;
  const chunk = manifest['src/admin/admin-console.tsx'];
  if (!chunk) throw new Error('the build has no console chunk (src/admin/admin-console.tsx)');
  return chunk.file;
}

function lagosToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
}

interface Reported {
  id: string;
  reference: string;
}

describe.skipIf(!browserAvailable)('the operator console in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let operator: Operator;
  let accountId: string;

  /** Calls the agent API as this agent. */
  async function asAgent<T>(agent: Agent, method: string, path: string, json?: unknown) {
    const token = await agentToken(server.url, agent.username, agent.password);
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: response.status, body: (await response.json()) as { message: string; data: T } };
  }

  /** The agent reports a transfer to the test account (₦50 flat charge), as the Fund Wallet screen does. */
  async function reportTransfer(agent: Agent, amount: string, options: { proof?: boolean } = {}): Promise<Reported> {
    const reference = `TRF-${agent.username.slice(-6)}-${Math.random().toString(36).slice(2, 7)}`.toUpperCase();
    const { status, body } = await asAgent<{ id: string }>(agent, 'POST', '/api/v1/agent/funding-requests', {
      accountId,
      amount,
      senderName: 'Ada Okafor',
      reference,
      transferDate: lagosToday(),
      ...(options.proof ? { proof: { fileName: 'receipt.png', contentBase64: PNG.toString('base64') } } : {}),
    });
    if (status !== 201) throw new Error(`report answered ${status}: ${body.message}`);
    return { id: body.data.id, reference };
  }

  async function balance(agent: Agent): Promise<string> {
    const { body } = await asAgent<{ availableBalance: string }>(agent, 'GET', '/api/v1/agent/wallet/balance');
    return body.data.availableBalance;
  }

  async function fundingCredits(agent: Agent): Promise<{ amount: string }[]> {
    const { body } = await asAgent<{ transactionType: string; amount: string }[]>(
      agent,
      'GET',
      '/api/v1/agent/transactions',
    );
    return body.data.filter((row) => row.transactionType === 'funding');
  }

  /** Signs in on the console's sign-in screen (the page must be on it). */
  async function consoleSignIn(page: Page, identifier: string, password: string) {
    await page.getByRole('heading', { name: 'Operator sign-in', level: 1 }).waitFor();
    await page.getByLabel('Email, username or phone').fill(identifier);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** The queue's entry for a report, found by its transfer reference. */
  function queued(page: Page, reference: string) {
    return page.getByRole('article').filter({ hasText: reference });
  }

  /** Opens /admin/funding signed in as the demo operator. */
  async function openQueue(page: Page) {
    await page.goto('/admin/funding');
    await consoleSignIn(page, DEMO_OPERATOR.username, DEMO_OPERATOR.password);
    await page.getByRole('heading', { name: 'Funding queue', level: 1 }).waitFor();
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    operator = await signInOperator(server.url);
    accountId = (await addFundingAccount(operator, { chargeFlat: '50', minimum: '1000' })).id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends a signed-out visitor, or a signed-in agent, from /admin to /admin/login', async () => {
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Operator sign-in', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/admin/login');
    await page.goto('/admin/funding');
    await page.getByRole('heading', { name: 'Operator sign-in', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/admin/login');

    // An agent's session is the dashboard's, not the console's.
    const agent = await registerAgent(server.url);
    await page.goto('/login');
    await signIn(page, agent.username, agent.password);
    await page.goto('/admin/funding');
    await page.getByRole('heading', { name: 'Operator sign-in', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/admin/login');
    expect(await page.evaluate((key) => window.localStorage.getItem(key), OPERATOR_SESSION_KEY)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses an agent’s credentials at /admin/login with the server’s message', async () => {
    const agent = await registerAgent(server.url);
    const refused = await fetch(`${server.url}/api/v1/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: agent.username, password: agent.password }),
    });
    const { message } = (await refused.json()) as { message: string };
    expect(refused.status).toBe(401);
    expect(message.length).toBeGreaterThan(5);

    const { context, page } = await openPage(browser, server.url, DESKTOP);
    await page.goto('/admin/login');
    // The form's own check first, as the server would answer it.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email, username or phone is required').waitFor();
    await consoleSignIn(page, agent.username, agent.password);
    await page.getByRole('alert').filter({ hasText: message }).waitFor();
    expect(pathOf(page)).toBe('/admin/login');
    expect(await page.evaluate((key) => window.localStorage.getItem(key), OPERATOR_SESSION_KEY)).toBeNull();
    await context.close();
  });

  it('signs an operator in, shows a reported transfer with its details, and approves it: the agent is credited exactly once', async () => {
    const agent = await registerAgent(server.url);
    const report = await reportTransfer(agent, '7500', { proof: true });
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    const approvals: string[] = [];
    page.on('request', (request) => {
      if (APPROVE_PATH.test(new URL(request.url()).pathname)) approvals.push(request.url());
    });

    // Signed out, the queue's address leads to the sign-in and back to the queue.
    await openQueue(page);
    expect(pathOf(page)).toBe('/admin/funding');
    // The operator's session is the console's own: the agent's dashboard has none.
    expect(await page.evaluate(() => window.localStorage.getItem('user_session'))).toBeNull();
    const stored = JSON.parse(
      (await page.evaluate((key) => window.localStorage.getItem(key), OPERATOR_SESSION_KEY)) ?? 'null',
    ) as { token: string; operator: { username: string } } | null;
    expect(stored?.operator.username).toBe(DEMO_OPERATOR.username);

    const entry = queued(page, report.reference);
    await entry.getByRole('heading', { name: `₦7,500.00 from ${agent.firstName} ${agent.lastName}` }).waitFor();
    const text = await entry.innerText();
    expect(text).toContain(`Agent ${agent.username}`);
    expect(text).toContain('₦7,450.00 (charge ₦50.00)');
    expect(text).toContain('Ada Okafor');
    expect(text).toContain('GTBank 0123456785');
    expect(text).toContain('Attached: receipt.png (PNG image, 1 KB)');
    expect(text).toMatch(/Waiting\s+(less than a minute|\d+ min)/);

    // The proof itself, asked for when the operator opens it (with the operator's token), and
    // shown as the picture the agent sent (the CSP allows it as a data: picture).
    expect(await entry.getByRole('img').count()).toBe(0);
    await entry.getByRole('button', { name: 'Show proof' }).click();
    const picture = entry.getByRole('img', { name: 'Proof of transfer from Ada Okafor: receipt.png' });
    await picture.waitFor();
    await page.waitForFunction((img) => (img as HTMLImageElement).complete, await picture.elementHandle());
    expect(await picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([1, 1]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await entry.getByRole('button', { name: 'Hide proof' }).click();
    await picture.waitFor({ state: 'detached' });

    // Cancel asks nothing of the server.
    await entry.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve this transfer?' });
    await dialog.getByText(`₦7,450.00 will be credited to ${agent.firstName} ${agent.lastName}`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(approvals).toEqual([]);
    expect(await balance(agent)).toBe('0.00');

    await entry.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByRole('button', { name: 'Approve and credit' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Approved: ₦7,450.00 credited to ${agent.firstName} ${agent.lastName} (${agent.username}).` })
      .waitFor();
    // The list is asked again: the approved transfer has left the queue.
    await entry.waitFor({ state: 'detached' });
    expect(approvals).toHaveLength(1);
    expect(await balance(agent)).toBe('7450.00');
    expect(await fundingCredits(agent)).toEqual([expect.objectContaining({ amount: '7450.00' })]);

    // The operator's token never reaches the agent's screens: /login is a signed-out sign-in.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('rejects a transfer with the reason it requires, and the agent’s request shows rejected with that reason', async () => {
    const agent = await registerAgent(server.url);
    const report = await reportTransfer(agent, '2500');
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await openQueue(page);
    const entry = queued(page, report.reference);
    await entry.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject this transfer?' });
    await dialog.getByRole('button', { name: 'Reject transfer' }).click();
    await dialog.getByText('Reason is required').waitFor();
    expect(await dialog.getByLabel('Reason').getAttribute('aria-invalid')).toBe('true');

    const reason = 'No transfer with this reference reached the account';
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Reject transfer' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Rejected: ₦2,500.00 from ${agent.firstName}` })
      .waitFor();
    await entry.waitFor({ state: 'detached' });

    const mine = await asAgent<{ status: string; rejectReason: string | null }>(
      agent,
      'GET',
      `/api/v1/agent/funding-requests/${report.id}`,
    );
    expect(mine.body.data).toMatchObject({ status: 'rejected', rejectReason: reason });
    expect(await balance(agent)).toBe('0.00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('credits once when Approve is double-clicked, and says so plainly when the transfer was already approved elsewhere', async () => {
    const agent = await registerAgent(server.url);
    const first = await reportTransfer(agent, '4000');
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    const approvals: string[] = [];
    page.on('request', (request) => {
      if (APPROVE_PATH.test(new URL(request.url()).pathname)) approvals.push(request.url());
    });
    await openQueue(page);

    await queued(page, first.reference).getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('dialog', { name: 'Approve this transfer?' })
      .getByRole('button', { name: 'Approve and credit' })
      .dblclick();
    await page.getByRole('status').filter({ hasText: 'Approved: ₦3,950.00 credited' }).waitFor();
    expect(approvals).toHaveLength(1);
    expect(await balance(agent)).toBe('3950.00');

    // Another operator (or another tab) approves the next one while this screen still lists it.
    const second = await reportTransfer(agent, '1500');
    await page.getByRole('button', { name: 'Refresh' }).click();
    const stale = queued(page, second.reference);
    await stale.waitFor();
    await approveFunding(operator, second.id);
    expect(await balance(agent)).toBe('5400.00');

    await stale.getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('dialog', { name: 'Approve this transfer?' })
      .getByRole('button', { name: 'Approve and credit' })
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: 'This request was already approved. Nothing was credited this time.' })
      .waitFor();
    await stale.waitFor({ state: 'detached' });
    expect(approvals).toHaveLength(2);
    expect(await balance(agent)).toBe('5400.00');
    expect((await fundingCredits(agent)).map((row) => row.amount).sort()).toEqual(['1450.00', '3950.00']);
    expect(besides(errors, 409)).toEqual([]);
    await context.close();
  });

  it('says when the queue cannot load (Try again), when it is empty, and pages through it by cursor', async () => {
    const agent = await registerAgent(server.url);
    const first = await reportTransfer(agent, '1100');
    const second = await reportTransfer(agent, '1200');
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    const listed: URL[] = [];
    let answer: 'error' | 'empty' | 'one at a time' = 'error';
    await page.route(
      (url) => url.pathname === '/api/v1/admin/funding-requests',
      async (route) => {
        const url = new URL(route.request().url());
        listed.push(url);
        if (answer === 'error') {
          await route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: '{"message":"The database is not reachable","code":"SERVICE_UNAVAILABLE"}',
          });
        } else if (answer === 'empty') {
          await route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'OK', data: [], meta: { nextCursor: null } }),
          });
        } else {
          // The real server, a page of one: every transfer waiting is reached by its cursor.
          url.searchParams.set('limit', '1');
          await route.continue({ url: url.toString() });
        }
      },
    );

    await openQueue(page);
    await page.getByText('Could not load the queue. The database is not reachable').waitFor();
    answer = 'empty';
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'No transfers waiting', level: 2 }).waitFor();

    answer = 'one at a time';
    await page.getByRole('button', { name: 'Refresh' }).click();
    const items = page.getByRole('list', { name: 'Transfers waiting' }).getByRole('article');
    await items.first().waitFor();
    // Oldest first: this test's two reports come last, after whatever else is waiting. The end
    // of the list loads the next page as it scrolls into view, or with its button.
    const loadMore = page.getByRole('button', { name: 'Load more transfers' });
    await expect
      .poll(
        async () => {
          if (await loadMore.isEnabled({ timeout: 100 }).catch(() => false))
            await loadMore.click({ timeout: 1000 }).catch(() => undefined);
          return queued(page, second.reference).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await queued(page, first.reference).waitFor();
    await queued(page, second.reference).waitFor();
    expect(listed.some((url) => url.searchParams.get('cursor'))).toBe(true);
    expect(listed.every((url) => url.searchParams.get('status') === 'pending')).toBe(true);
    expect(besides(errors, 503)).toEqual([]);
    await context.close();
  });

  it('signs out from the console: the token is revoked and the console asks for a sign-in again', async () => {
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await page.goto('/admin');
    await consoleSignIn(page, DEMO_OPERATOR.username, DEMO_OPERATOR.password);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/admin');
    const { token } = JSON.parse(
      (await page.evaluate((key) => window.localStorage.getItem(key), OPERATOR_SESSION_KEY))!,
    ) as { token: string };

    // The first tab stop skips the menu to the screen, on this page (the <base href> is no trap).
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the screen');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('console-main');
    expect(pathOf(page)).toBe('/admin');

    // The start page leads to the queue; every section is a link of the menu.
    const nav = page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual([
      'Overview',
      'Agents',
      'Funding',
      'Orders',
      'Catalogue',
      'Upstreams',
      'Notifications',
      'Settings',
      'Operators',
      'Audit',
    ]);
    await nav.getByText('Agents').waitFor();
    await page.getByRole('link', { name: 'Open the funding queue' }).click();
    await page.getByRole('heading', { name: 'Funding queue', level: 1 }).waitFor();
    expect(await nav.getByRole('link', { name: 'Funding' }).getAttribute('aria-current')).toBe('page');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You have signed out of the console.').waitFor();
    expect(pathOf(page)).toBe('/admin/login');
    expect(await page.evaluate((key) => window.localStorage.getItem(key), OPERATOR_SESSION_KEY)).toBeNull();
    const deadline = Date.now() + 5_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (
        await fetch(`${server.url}/api/v1/admin/funding-requests`, { headers: { authorization: `Bearer ${token}` } })
      ).status;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(401);
    await page.goBack();
    await page.getByRole('heading', { name: 'Operator sign-in', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('ends the console’s session when the server refuses its token, and brings the operator back after signing in', async () => {
    const { context, page } = await openPage(browser, server.url, DESKTOP);
    await openQueue(page);
    const { token } = JSON.parse(
      (await page.evaluate((key) => window.localStorage.getItem(key), OPERATOR_SESSION_KEY))!,
    ) as { token: string };
    // The session ends on the server (as an idle or absolute expiry would end it).
    const revoked = await fetch(`${server.url}/api/v1/admin/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoked.status).toBe(200);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('Your session has ended. Sign in again to continue.').waitFor();
    expect(pathOf(page)).toBe('/admin/login');
    await consoleSignIn(page, DEMO_OPERATOR.username, DEMO_OPERATOR.password);
    await page.getByRole('heading', { name: 'Funding queue', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/admin/funding');
    await context.close();
  });

  for (const viewport of [SMALL_PHONE, DESKTOP]) {
    it(`passes axe at ${viewport.width}×${viewport.height} on /admin/login and /admin/funding (with its dialogs)`, async () => {
      const agent = await registerAgent(server.url);
      const report = await reportTransfer(agent, '3000', { proof: true });
      const { context, page, errors } = await openPage(browser, server.url, viewport);
      await page.goto('/admin/login');
      await page.getByRole('heading', { name: 'Operator sign-in', level: 1 }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      // A refusal on screen is checked too.
      await consoleSignIn(page, DEMO_OPERATOR.username, 'not the password');
      await page.getByRole('alert').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByLabel(/^Password/).fill(DEMO_OPERATOR.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
      await page.goto('/admin/funding');
      const entry = queued(page, report.reference);
      await entry.waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await entry.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('dialog', { name: 'Approve this transfer?' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await entry.getByRole('button', { name: 'Reject' }).click();
      const reject = page.getByRole('dialog', { name: 'Reject this transfer?' });
      await reject.getByRole('button', { name: 'Reject transfer' }).click();
      await reject.getByText('Reason is required').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await reject.getByRole('button', { name: 'Cancel' }).click();
      await reject.waitFor({ state: 'detached' });

      if (viewport.width < 900) {
        // On a phone the sections are behind the menu button.
        await page.getByRole('button', { name: 'Console menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Console menu' });
        await menu.getByRole('link', { name: 'Funding' }).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });
      } else {
        await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Funding' }).waitFor();
      }
      expect(besides(errors, 401)).toEqual([]);
      await context.close();
    });
  }

  it('never downloads the console on the agent’s /login or home, and downloads it on /admin/login', async () => {
    const chunk = consoleChunk();
    const agent = await registerAgent(server.url);
    const { context, page } = await openPage(browser, server.url, DESKTOP);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    await signIn(page, agent.username, agent.password);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(5);
    expect(scripts.filter((script) => script.includes('admin'))).toEqual([]);

    // The check can fail: the console's own page does fetch that chunk.
    await page.goto('/admin/login');
    await page.getByRole('heading', { name: 'Operator sign-in', level: 1 }).waitFor();
    expect(scripts).toContain(`/${chunk}`);
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiLoginStatus, newAgent, registerAgent, type Agent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, DESKTOP, launchChromium, openPage } from './support/chromium';
import { agentToken, signInOperator, type Operator } from './support/operator';
import { DEMO_OPERATOR, startServer, type RunningServer } from './support/server';
import { besides, pathOf } from './support/ui';

/** The small phone (e2e/support/chromium.ts's PHONE is 375 px wide). */
const SMALL_PHONE = { width: 360, height: 740 } as const;
/** Naira: adjustments above it wait for a second operator (ADJUSTMENT_APPROVAL_THRESHOLD_NAIRA). */
const THRESHOLD_NAIRA = 1000;
const ADJUST_PATH = /\/api\/v1\/admin\/agents\/[^/]+\/adjustments$/;

interface SignedOperator {
  username: string;
  password: string;
}

describe.skipIf(!browserAvailable)('the console’s agents in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: Operator;
  let invited = 0;

  /**
   * An operator with `role`, made as a provider makes one: the owner invites them, they set
   * their password with the emailed link (read from the development outbox).
   */
  async function operatorWithRole(role: 'finance' | 'support'): Promise<SignedOperator> {
    invited++;
    const n = `${Date.now() % 100_000}${invited}`.padStart(8, '0').slice(-8);
    const email = `staff${n}@provider.example`;
    const username = `${role}_${n}`;
    const made = await owner.call('POST', '/api/v1/admin/operators', {
      firstName: 'Sade',
      lastName: 'Staff',
      username,
      email,
      phone: `081${n}`,
      role,
    });
    if (made.status !== 201) throw new Error(`invite answered ${made.status}: ${JSON.stringify(made.body)}`);
    let token: string | undefined;
    for (let attempt = 0; attempt < 50 && !token; attempt++) {
      const outbox = await owner.call<{ data: { text: string | null }[] }>(
        'GET',
        `/api/v1/admin/outbox?limit=5&to=${encodeURIComponent(email)}`,
      );
      token = /admin\/accept-invite#token=([\w-]+)/.exec(outbox.body.data[0]?.text ?? '')?.[1];
      if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!token) throw new Error(`no invitation for ${email} in the outbox`);
    const password = `${role} password 2026`;
    const accepted = await fetch(`${server.url}/api/v1/admin/auth/accept-invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, newPassword: password }),
    });
    if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}: ${await accepted.text()}`);
    return { username, password };
  }

  async function agentId(agent: Agent): Promise<string> {
    const { body } = await owner.call<{ data: { id: string }[] }>(
      'GET',
      `/api/v1/admin/agents?q=${encodeURIComponent(agent.email)}`,
    );
    const id = body.data[0]?.id;
    if (!id) throw new Error(`no agent ${agent.email}`);
    return id;
  }

  /** The agent's balance in kobo, as the agent's own API answers it. */
  async function balanceKobo(agent: Agent): Promise<number> {
    const token = await agentToken(server.url, agent.username, agent.password);
    const response = await fetch(`${server.url}/api/v1/agent/wallet/balance`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = (await response.json()) as { data: { availableBalance: string } };
    const [naira = '0', kobo = '00'] = data.availableBalance.split('.');
    return Number(naira) * 100 + Number(kobo);
  }

  /** Signs in on the console's sign-in screen (the page must be on it). */
  async function consoleSignIn(page: Page, who: SignedOperator) {
    await page.getByRole('heading', { name: 'Operator sign-in', level: 1 }).waitFor();
    await page.getByLabel('Email, username or phone').fill(who.username);
    await page.getByLabel(/^Password/).fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** Opens `path` in the console signed in as `who`, and waits for the screen's heading. */
  async function openConsole(page: Page, path: string, who: SignedOperator, heading: string | RegExp) {
    await page.goto(path);
    await consoleSignIn(page, who);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  }

  const demo: SignedOperator = { username: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password };
  const fullName = (agent: Agent) => `${agent.firstName} ${agent.lastName}`;
  const balanceShown = (page: Page) => page.getByTestId('agent-balance');

  beforeAll(async () => {
    server = await startServer({ ADJUSTMENT_APPROVAL_THRESHOLD_NAIRA: String(THRESHOLD_NAIRA) });
    browser = await launchChromium();
    owner = await signInOperator(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('finds an agent by phone, opens their page and credits ₦500 once: the wallet holds 50,000 kobo more; a debit beyond the balance is refused in words', async () => {
    const agent = await registerAgent(server.url);
    await registerAgent(server.url); // another agent, who must not match
    expect(await balanceKobo(agent)).toBe(0);
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    const adjustments: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && ADJUST_PATH.test(new URL(request.url()).pathname))
        adjustments.push(request.url());
    });
    await openConsole(page, '/admin/agents', demo, 'Agents');

    // The search is the server's: by the phone, in the international form too.
    await page.getByLabel('Name, username, phone or email').fill(`+234${agent.phone.slice(1)}`);
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('list', { name: 'Agents' }).getByRole('article');
    await expect.poll(() => results.count()).toBe(1);
    const row = results.first();
    const text = await row.innerText();
    expect(text).toContain(fullName(agent));
    expect(text).toContain(agent.username);
    expect(text).toContain('Active');
    expect(text).toContain('₦0.00');
    expect(text).toContain('No sale yet');
    expect(new URL(page.url()).searchParams.get('q')).toBe(`+234${agent.phone.slice(1)}`);

    await row.getByRole('link', { name: fullName(agent) }).click();
    await page.getByRole('heading', { name: fullName(agent), level: 1 }).waitFor();
    expect(pathOf(page)).toBe(`/admin/agents/${await agentId(agent)}`);
    expect(await balanceShown(page).innerText()).toBe('₦0.00');

    // The form checks what the server will, then asks before money moves.
    await page.getByRole('button', { name: 'Credit wallet' }).click();
    const form = page.getByRole('dialog', { name: `Credit ${fullName(agent)}’s wallet` });
    await form.getByRole('button', { name: 'Review credit' }).click();
    await form.getByText('Enter an amount in naira, like 1500 or 1500.50').waitFor();
    await form.getByText('Reason is required').waitFor();
    await form.getByLabel(/^Amount in naira/).fill('500');
    await form.getByLabel(/^Reason/).fill('Goodwill for the outage on Monday');
    await form.getByRole('button', { name: 'Review credit' }).click();
    const confirm = page.getByRole('dialog', { name: 'Credit ₦500.00?' });
    await confirm.getByText('The balance goes from ₦0.00 to ₦500.00').waitFor();
    expect(adjustments).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Credit ₦500.00' }).dblclick();
    await page
      .getByRole('status')
      .filter({ hasText: `Credited ₦500.00 to ${fullName(agent)} (${agent.username}). The balance is now ₦500.00.` })
      .waitFor();
    await expect.poll(() => balanceShown(page).innerText()).toBe('₦500.00');
    expect(adjustments).toHaveLength(1);
    expect(await balanceKobo(agent)).toBe(50_000);
    // In the wallet's history (by kind, from the server) and among the adjustments, with the reason.
    const history = page.getByRole('list', { name: 'Wallet history' });
    await history.getByText('+₦500.00').waitFor();
    await page.getByRole('button', { name: 'Fundings', pressed: false }).click();
    await page.getByText('No funding yet.').waitFor();
    await page.getByRole('button', { name: 'Adjustments', pressed: false }).click();
    await history.getByText('+₦500.00').waitFor();
    const posted = page.getByRole('region', { name: 'Adjustments' }).getByRole('article');
    await posted.filter({ hasText: 'Credit of ₦500.00' }).filter({ hasText: 'Posted' }).waitFor();
    await page
      .getByRole('list', { name: 'Operators’ actions' })
      .getByText('Adjusted the wallet: credit of ₦500.00')
      .waitFor();

    // A debit beyond the balance: the server refuses, the dialog says why, nothing moves.
    await page.getByRole('button', { name: 'Debit wallet' }).click();
    const debit = page.getByRole('dialog', { name: `Debit ${fullName(agent)}’s wallet` });
    await debit.getByLabel(/^Amount in naira/).fill('600');
    await debit.getByLabel(/^Reason/).fill('Reversal of a duplicate credit');
    await debit.getByRole('button', { name: 'Review debit' }).click();
    await page.getByRole('dialog', { name: 'Debit ₦600.00?' }).getByRole('button', { name: 'Debit ₦600.00' }).click();
    await debit
      .getByRole('alert')
      .filter({
        hasText: 'The wallet holds ₦500.00: a debit of ₦600.00 would take it below zero. Nothing was changed.',
      })
      .waitFor();
    await debit.getByText('At most ₦500.00').waitFor();
    expect(await balanceKobo(agent)).toBe(50_000);
    await debit.getByRole('button', { name: 'Cancel' }).click();
    expect(await balanceShown(page).innerText()).toBe('₦500.00');
    expect(besides(errors, 409)).toEqual([]);
    await context.close();
  });

  it('holds an adjustment above the threshold for a second operator: not its requester, but another finance operator approves it, once', async () => {
    const agent = await registerAgent(server.url);
    const id = await agentId(agent);
    const finance = await operatorWithRole('finance');
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await openConsole(page, `/admin/agents/${id}`, demo, fullName(agent));

    await page.getByRole('button', { name: 'Credit wallet' }).click();
    const form = page.getByRole('dialog', { name: `Credit ${fullName(agent)}’s wallet` });
    await form.getByLabel(/^Amount in naira/).fill('2500');
    await form.getByLabel(/^Reason/).fill('Bank transfer credited by hand');
    await form.getByRole('button', { name: 'Review credit' }).click();
    await page
      .getByRole('dialog', { name: 'Credit ₦2,500.00?' })
      .getByRole('button', { name: 'Credit ₦2,500.00' })
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Waiting for approval: the credit of ₦2,500.00 is above the approval threshold' })
      .waitFor();
    expect(await balanceKobo(agent)).toBe(0);
    expect(await balanceShown(page).innerText()).toBe('₦0.00');
    const section = page.getByRole('region', { name: 'Adjustments (1 waiting for approval)' });
    const pending = section.getByRole('article').filter({ hasText: 'Credit of ₦2,500.00' });
    await pending.getByText('Waiting for approval').waitFor();
    // The requester is not offered the decision (the server refuses it too).
    await pending.getByText('You asked for it: another operator must approve or reject it.').waitFor();
    expect(await pending.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await context.close();

    const second = await openPage(browser, server.url, DESKTOP);
    await openConsole(second.page, `/admin/agents/${id}`, finance, fullName(agent));
    const waiting = second.page
      .getByRole('region', { name: 'Adjustments (1 waiting for approval)' })
      .getByRole('article')
      .filter({ hasText: 'Credit of ₦2,500.00' });
    await waiting.getByText(`Asked by ${DEMO_OPERATOR.username}`).waitFor();
    await waiting.getByRole('button', { name: 'Approve' }).click();
    await second.page
      .getByRole('dialog', { name: 'Approve this adjustment?' })
      .getByRole('button', { name: 'Approve and post ₦2,500.00' })
      .dblclick();
    await second.page
      .getByRole('status')
      .filter({
        hasText: `Approved: the credit of ₦2,500.00 to ${fullName(agent)}’s wallet is posted. The balance is now ₦2,500.00.`,
      })
      .waitFor();
    await expect.poll(() => balanceShown(second.page).innerText()).toBe('₦2,500.00');
    await second.page
      .getByRole('region', { name: 'Adjustments' })
      .getByRole('article')
      .filter({ hasText: 'Credit of ₦2,500.00' })
      .getByText(`approved by ${finance.username}`)
      .waitFor();
    expect(await balanceKobo(agent)).toBe(250_000);
    expect(besides(second.errors, 409)).toEqual([]);
    expect(errors).toEqual([]);
    await second.context.close();
  });

  it('suspends an agent with a reason: shown at once, their sign-in refused; reactivation lets them in again', async () => {
    const agent = await registerAgent(server.url);
    const id = await agentId(agent);
    expect(await apiLoginStatus(server.url, agent.username, agent.password)).toBe(200);
    const { context, page, errors } = await openPage(browser, server.url, SMALL_PHONE);
    await openConsole(page, `/admin/agents/${id}`, demo, fullName(agent));

    await page.getByRole('button', { name: 'Suspend' }).click();
    const dialog = page.getByRole('dialog', { name: `Suspend ${fullName(agent)} (${agent.username})?` });
    await dialog.getByRole('button', { name: 'Suspend agent' }).click();
    await dialog.getByText('Reason is required').waitFor();
    await dialog.getByLabel(/^Reason/).fill('Chargeback under review');
    await dialog.getByRole('button', { name: 'Suspend agent' }).click();
    await page.getByRole('status').filter({ hasText: 'Suspended: the agent is signed out' }).waitFor();
    await page.getByText('“Chargeback under review”. The agent cannot sign in, use API keys or buy.').waitFor();
    await page.getByRole('button', { name: 'Reactivate' }).waitFor();
    expect(await page.getByRole('button', { name: 'Suspend' }).count()).toBe(0);
    expect(await apiLoginStatus(server.url, agent.username, agent.password)).not.toBe(200);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Reactivate' }).click();
    const back = page.getByRole('dialog', { name: `Reactivate ${fullName(agent)} (${agent.username})?` });
    await back.getByLabel(/^Reason/).fill('Chargeback settled in our favour');
    await back.getByRole('button', { name: 'Reactivate agent' }).click();
    await page.getByRole('status').filter({ hasText: 'Reactivated: the agent can sign in again' }).waitFor();
    await page.getByRole('button', { name: 'Suspend' }).waitFor();
    expect(await apiLoginStatus(server.url, agent.username, agent.password)).toBe(200);
    // Both are in the audit log, shown on the agent's page: who, what and why, newest first.
    const actions = page.getByRole('list', { name: 'Operators’ actions' }).getByRole('listitem');
    await expect.poll(() => actions.count()).toBe(2);
    expect(await actions.nth(0).innerText()).toMatch(
      new RegExp(
        `Reactivated the agent\\s+“Chargeback settled in our favour”\\s+${DEMO_OPERATOR.username} \\(owner\\)`,
      ),
    );
    expect(await actions.nth(1).innerText()).toContain('Suspended the agent');

    // The list's status filter finds them active again.
    await page.goto(`/admin/agents?q=${encodeURIComponent(agent.email)}&status=suspended`);
    await page.getByRole('heading', { name: 'No agent matches', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Active', pressed: false }).click();
    await page.getByRole('link', { name: fullName(agent) }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers a support operator no credit, debit, suspension or agent creation, and still a password reset', async () => {
    const agent = await registerAgent(server.url);
    const id = await agentId(agent);
    const support = await operatorWithRole('support');
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await openConsole(page, `/admin/agents/${id}`, support, fullName(agent));
    await page.getByRole('region', { name: 'Wallet' }).waitFor();
    for (const name of ['Credit wallet', 'Debit wallet', 'Suspend']) {
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    }
    expect(await page.getByRole('region', { name: /^Adjustments/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Send password reset' }).click();
    await page
      .getByRole('dialog', { name: 'Send a password reset?' })
      .getByRole('button', { name: 'Send reset code' })
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: `A password reset code was emailed to ${agent.email}` })
      .waitFor();
    const outbox = await owner.call<{ data: { to: string }[] }>(
      'GET',
      `/api/v1/admin/outbox?limit=5&to=${encodeURIComponent(agent.email)}`,
    );
    expect(outbox.body.data.length).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'All agents' }).click();
    await page.getByRole('heading', { name: 'Agents', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Create agent' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates an agent with the form: field errors first, then a password made once that signs them in', async () => {
    const taken = await registerAgent(server.url);
    const { context, page, errors } = await openPage(browser, server.url, SMALL_PHONE);
    await openConsole(page, '/admin/agents', demo, 'Agents');
    await page.getByRole('button', { name: 'Create agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an agent' });
    await dialog.getByRole('button', { name: 'Create agent' }).click();
    await dialog.getByText('First name is required').waitFor();
    expect(await dialog.getByLabel(/^First name/).getAttribute('aria-invalid')).toBe('true');

    const suffix = `${Date.now().toString(36)}`.slice(-6);
    await dialog.getByLabel(/^First name/).fill('Bola');
    await dialog.getByLabel(/^Last name/).fill('Adeyemi');
    await dialog.getByLabel(/^Username/).fill(taken.username);
    await dialog.getByLabel(/^Email/).fill(`bola.${suffix}@example.com`);
    const phone = `070${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await dialog.getByLabel(/^Phone/).fill(phone);
    await dialog.getByRole('button', { name: 'Create agent' }).click();
    // The server's own answer, under its field: the username is someone else's.
    const usernameField = dialog.getByLabel(/^Username/);
    await expect.poll(() => usernameField.getAttribute('aria-invalid')).toBe('true');
    const username = `bola_${suffix}`;
    await usernameField.fill(username);
    await dialog.getByRole('button', { name: 'Create agent' }).click();

    const secret = page.getByTestId('generated-password');
    await secret.waitFor();
    const password = await secret.innerText();
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Done' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Created Bola Adeyemi (${username}).` })
      .waitFor();
    expect(await apiLoginStatus(server.url, phone, password)).toBe(200);
    await page.getByRole('status').getByRole('link', { name: 'Open' }).click();
    await page.getByRole('heading', { name: 'Bola Adeyemi', level: 1 }).waitFor();
    expect(besides(errors, 409, 422)).toEqual([]);
    await context.close();
  });

  it('says when the list cannot load, when nothing matches, and pages by cursor; an unknown agent is said plainly', async () => {
    // Letters only (names refuse digits): a family name no other test's agent has.
    const lastName = `Zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
    for (let index = 0; index < 3; index++) await registerAgent(server.url, { ...newAgent(), lastName });
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    const listed: URL[] = [];
    let answer: 'error' | 'one at a time' = 'error';
    await page.route(
      (url) => url.pathname === '/api/v1/admin/agents',
      async (route) => {
        const url = new URL(route.request().url());
        listed.push(url);
        if (answer === 'error') {
          await route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: '{"message":"The database is not reachable","code":"SERVICE_UNAVAILABLE"}',
          });
        } else {
          url.searchParams.set('limit', '1');
          await route.continue({ url: url.toString() });
        }
      },
    );
    await openConsole(page, `/admin/agents?q=${lastName}`, demo, 'Agents');
    await page.getByText('Could not load the agents. The database is not reachable').waitFor();
    answer = 'one at a time';
    await page.getByRole('button', { name: 'Try again' }).click();
    const items = page.getByRole('list', { name: 'Agents' }).getByRole('article');
    await items.first().waitFor();
    const loadMore = page.getByRole('button', { name: 'Load more agents' });
    await expect
      .poll(
        async () => {
          if (await loadMore.isEnabled({ timeout: 100 }).catch(() => false))
            await loadMore.click({ timeout: 1000 }).catch(() => undefined);
          return items.count();
        },
        { timeout: 15_000 },
      )
      .toBe(3);
    expect(listed.some((url) => url.searchParams.get('cursor'))).toBe(true);
    expect(listed.every((url) => url.searchParams.get('q') === lastName)).toBe(true);
    await page.unroute((url) => url.pathname === '/api/v1/admin/agents');

    // Too short a search is caught before the server; a search that matches nobody says so.
    await page.getByLabel('Name, username, phone or email').fill('zq');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Type at least 3 characters of a name, username, phone or email').waitFor();
    await page.getByLabel('Name, username, phone or email').fill(`${lastName}nobody`);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('heading', { name: 'No agent matches', level: 2 }).waitFor();

    await page.goto('/admin/agents/0b7e2a52-3d3c-4c1e-9b7a-6f1f1f1f1f1f');
    await page.getByRole('heading', { name: 'Agent not found', level: 1 }).waitFor();
    expect(besides(errors, 503, 404)).toEqual([]);
    await context.close();
  });

  it('passes axe on the list and an agent’s page at 360 px and at desktop width, with nothing wider than the screen', async () => {
    const agent = await registerAgent(server.url);
    const id = await agentId(agent);
    await owner.call('POST', `/api/v1/admin/agents/${id}/adjustments`, {
      direction: 'credit',
      amount: '2000',
      reason: 'Waiting for a second operator',
      idempotencyKey: `e2e-axe-${id}`,
    });
    for (const viewport of [SMALL_PHONE, DESKTOP]) {
      const { context, page, errors } = await openPage(browser, server.url, viewport);
      await openConsole(page, `/admin/agents?q=${encodeURIComponent(agent.email)}`, demo, 'Agents');
      await page.getByRole('link', { name: fullName(agent) }).waitFor();
      expect(await seriousAxeViolations(page), `list at ${viewport.width}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await page.getByRole('link', { name: fullName(agent) }).click();
      await page.getByRole('heading', { name: fullName(agent), level: 1 }).waitFor();
      await page.getByRole('region', { name: 'Adjustments (1 waiting for approval)' }).waitFor();
      expect(await seriousAxeViolations(page), `agent at ${viewport.width}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

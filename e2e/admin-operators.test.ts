import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { newAgent, registerAgent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, DESKTOP, launchChromium, openPage } from './support/chromium';
import { signInOperator, type Operator } from './support/operator';
import { DEMO_OPERATOR, startServer, type RunningServer } from './support/server';
import { pathOf } from './support/ui';

/** The small phone (e2e/support/chromium.ts's PHONE is 375 px wide). */
const SMALL_PHONE = { width: 360, height: 740 } as const;
const OPERATOR_SESSION_KEY = 'agentdesk_operator_session';

/** A new operator's details, unique per call (the e2e database is shared by the file's tests). */
function newStaff() {
  const agent = newAgent();
  return {
    firstName: 'Fatima',
    lastName: 'Bello',
    username: agent.username.replace(/^ada_/, 'fin_'),
    email: agent.email.replace(/^ada\./, 'fatima.'),
    phone: agent.phone,
    password: 'Finance#Pass2026',
  };
}
type Staff = ReturnType<typeof newStaff>;

/** The page's errors besides Chromium's own line for an answer the test provoked on purpose. */
function besides(errors: string[], ...statuses: number[]): string[] {
  return errors.filter((error) => !statuses.some((status) => error.includes(`a status of ${status} `)));
}

describe.skipIf(!browserAvailable)('operators and the audit log in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: Operator;

  /** The invitation link emailed to `email`, read from the development outbox as the owner. */
  async function invitationLink(email: string): Promise<string> {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const { body } = await owner.call<{ data: { text: string | null }[] }>(
        'GET',
        `/api/v1/admin/outbox?limit=5&to=${encodeURIComponent(email)}`,
      );
      const link = /\S*\/admin\/accept-invite#token=[\w-]+/.exec(body.data[0]?.text ?? '')?.[0];
      if (link) return link;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`no invitation for ${email} in the outbox`);
  }

  /** The link's path and fragment, on the test server (the email's PUBLIC_URL may be another host). */
  function onServer(link: string): string {
    return link.slice(link.indexOf('/admin/accept-invite'));
  }

  async function inviteByApi(staff: Staff, role: string): Promise<string> {
    const { status, body } = await owner.call<{ data: { id: string } }>('POST', '/api/v1/admin/operators', {
      firstName: staff.firstName,
      lastName: staff.lastName,
      username: staff.username,
      email: staff.email,
      phone: staff.phone,
      role,
    });
    if (status !== 201) throw new Error(`invite answered ${status}: ${JSON.stringify(body)}`);
    return body.data.id;
  }

  async function consoleSignIn(page: Page, identifier: string, password: string) {
    await page.getByRole('heading', { name: 'Operator sign-in', level: 1 }).waitFor();
    await page.getByLabel('Email, username or phone').fill(identifier);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  function operatorCard(page: Page, name: string | RegExp): Locator {
    return page.getByRole('article', { name });
  }

  /** This operator's card (every invitee of these tests is a Fatima Bello: found by username). */
  function staffCard(page: Page, staff: Staff): Locator {
    return page.getByRole('article').filter({ hasText: `${staff.username} · ${staff.email}` });
  }

  /** Searches the audit log by action (its words in the Action list) and answers the entries shown. */
  async function searchAudit(page: Page, action: string): Promise<Locator> {
    await page.getByLabel('Action').selectOption({ label: action });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const entries = page.getByRole('list', { name: 'Audit entries' }).getByRole('article');
    await entries.first().getByRole('heading', { name: action }).waitFor();
    return entries;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    owner = await signInOperator(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the owner invites a finance operator, who sets a password from the email and signs in; a role change and a deactivation follow, each in the audit log', async () => {
    const staff = newStaff();
    const ownerSide = await openPage(browser, server.url, DESKTOP);
    const ownerPage = ownerSide.page;
    await ownerPage.goto('/admin/operators');
    await consoleSignIn(ownerPage, DEMO_OPERATOR.username, DEMO_OPERATOR.password);
    await ownerPage.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();
    expect(pathOf(ownerPage)).toBe('/admin/operators');

    // Invite: the form checks what the server will, then the server's answer is shown.
    await ownerPage.getByRole('button', { name: 'Invite an operator' }).click();
    const invite = ownerPage.getByRole('dialog', { name: 'Invite an operator' });
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByText('First name is required').waitFor();
    await invite.getByLabel(/^First name/).fill(staff.firstName);
    await invite.getByLabel(/^Last name/).fill(staff.lastName);
    await invite.getByLabel(/^Username/).fill(staff.username);
    await invite.getByLabel(/^Email/).fill(staff.email);
    await invite.getByLabel(/^Phone number/).fill(staff.phone);
    await invite.getByLabel(/^Role/).selectOption('finance');
    await invite.getByText('transfers, wallet adjustments and refunds').waitFor();
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await ownerPage
      .getByRole('status')
      .filter({ hasText: `Invitation sent to ${staff.email}` })
      .waitFor();
    await invite.waitFor({ state: 'detached' });
    const card = staffCard(ownerPage, staff);
    expect(await card.innerText()).toContain(`${staff.username} · ${staff.email}`);
    await card.getByText('Invited', { exact: true }).waitFor();
    await card.getByText('Finance', { exact: true }).waitFor();

    // The invitee opens the emailed link: the token is in the fragment, never sent to the server.
    const link = await invitationLink(staff.email);
    expect(link).toMatch(/\/admin\/accept-invite#token=[\w-]{43}$/);
    const invitee = await openPage(browser, server.url, DESKTOP);
    const inviteePage = invitee.page;
    const requested: string[] = [];
    inviteePage.on('request', (request) => requested.push(request.url()));
    await inviteePage.goto(onServer(link));
    await inviteePage.getByRole('heading', { name: 'Set your password', level: 1 }).waitFor();
    expect(new URL(inviteePage.url()).hash).toBe('');
    await inviteePage.getByLabel(/^New password/).fill(staff.password);
    await inviteePage.getByLabel(/^Confirm new password/).fill('something else');
    await inviteePage.getByRole('button', { name: 'Set password and sign in' }).click();
    await inviteePage.getByText('Passwords do not match').waitFor();
    await inviteePage.getByLabel(/^Confirm new password/).fill(staff.password);
    await inviteePage.getByRole('button', { name: 'Set password and sign in' }).click();
    await inviteePage.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(pathOf(inviteePage)).toBe('/admin');
    expect(requested.filter((url) => url.includes('token='))).toEqual([]);
    const stored = JSON.parse(
      (await inviteePage.evaluate((key) => window.localStorage.getItem(key), OPERATOR_SESSION_KEY)) ?? 'null',
    ) as { operator: { username: string; role: string } } | null;
    expect(stored?.operator).toMatchObject({ username: staff.username, role: 'finance' });
    // The link works once.
    const again = await openPage(browser, server.url, DESKTOP);
    await again.page.goto(onServer(link));
    await again.page.getByLabel(/^New password/).fill('Another#Pass2026');
    await again.page.getByLabel(/^Confirm new password/).fill('Another#Pass2026');
    await again.page.getByRole('button', { name: 'Set password and sign in' }).click();
    await again.page.getByRole('alert').filter({ hasText: 'expired or was already used' }).waitFor();
    await again.context.close();

    // Finance powers only: the operators are readable, their management is the owner's.
    await inviteePage.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Operators' }).click();
    await inviteePage.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();
    await inviteePage.getByText('Only the owner manages operators.').waitFor();
    await operatorCard(inviteePage, `${staff.firstName} ${staff.lastName} (you)`).waitFor();
    expect(await inviteePage.getByRole('button', { name: 'Invite an operator' }).count()).toBe(0);
    expect(await inviteePage.getByRole('button', { name: 'Change role' }).count()).toBe(0);
    expect(await inviteePage.getByRole('button', { name: 'Deactivate' }).count()).toBe(0);

    // The owner sees them active, changes their role to support...
    await ownerPage.reload();
    await card.getByText('Active', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Change role' }).click();
    const roleDialog = ownerPage.getByRole('dialog', { name: `Change ${staff.username}’s role` });
    await roleDialog.getByLabel('Role').selectOption('support');
    await roleDialog.getByRole('button', { name: 'Save role' }).click();
    await ownerPage
      .getByRole('status')
      .filter({ hasText: `${staff.username} is now support` })
      .waitFor();
    await card.getByText('Support', { exact: true }).waitFor();

    // ... and deactivates them, behind a confirmation: their session ends at once.
    await card.getByRole('button', { name: 'Deactivate' }).click();
    const confirm = ownerPage.getByRole('dialog', { name: `Deactivate ${staff.username}?` });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await ownerPage
      .getByRole('status')
      .filter({ hasText: `${staff.username} is deactivated and signed out` })
      .waitFor();
    await card.getByText('Deactivated', { exact: true }).waitFor();
    expect(await card.getByRole('button').count()).toBe(0);
    await inviteePage.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit' }).click();
    await inviteePage.getByText('Your session has ended. Sign in again to continue.').waitFor();
    expect(pathOf(inviteePage)).toBe('/admin/login');
    await consoleSignIn(inviteePage, staff.username, staff.password);
    await inviteePage.getByRole('alert').waitFor();
    expect(pathOf(inviteePage)).toBe('/admin/login');

    // The owner cannot deactivate themselves while the last owner: the server's refusal, in words.
    const me = operatorCard(ownerPage, /\(you\)$/);
    await me.getByRole('button', { name: 'Deactivate' }).click();
    const self = ownerPage.getByRole('dialog', { name: `Deactivate ${DEMO_OPERATOR.username}?` });
    await self.getByText('You can no longer sign in').waitFor();
    await self.getByRole('button', { name: 'Deactivate' }).click();
    await self.getByRole('alert').filter({ hasText: 'is the last active owner and cannot be deactivated' }).waitFor();
    await self.getByRole('button', { name: 'Cancel' }).click();

    // Every step is in the audit log, by the right operator, with before and after, found by action.
    await ownerPage.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit' }).click();
    await ownerPage.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const steps: [action: string, by: string, field: string, before: string, after: string][] = [
      ['Invited an operator', `${DEMO_OPERATOR.username} (owner)`, 'Role', '—', 'finance'],
      ['Accepted an invitation', `${staff.username} (finance)`, 'Status', 'invited', 'active'],
      ['Changed an operator’s role', `${DEMO_OPERATOR.username} (owner)`, 'Role', 'finance', 'support'],
      ['Deactivated an operator', `${DEMO_OPERATOR.username} (owner)`, 'Status', 'active', 'deactivated'],
    ];
    for (const [action, by, field, before, after] of steps) {
      const entries = await searchAudit(ownerPage, action);
      expect(new URL(ownerPage.url()).searchParams.get('action')).not.toBeNull();
      const entry = entries.filter({ hasText: staff.username }).first();
      await entry.waitFor();
      // Only the action searched for is listed.
      expect(new Set(await entries.getByRole('heading').allInnerTexts())).toEqual(new Set([action]));
      const text = await entry.innerText();
      expect(text).toContain(by);
      expect(text).toContain('127.0.0.1');
      expect(text).toMatch(/Target\s+Operator [0-9a-f-]{36}/);
      const row = entry
        .getByRole('row')
        .filter({ has: ownerPage.getByRole('rowheader', { name: field, exact: true }) });
      expect(await row.getByRole('cell').allInnerTexts()).toEqual([before, after]);
    }
    expect(besides(ownerSide.errors, 409)).toEqual([]);
    expect(besides(invitee.errors, 401)).toEqual([]);
    await ownerSide.context.close();
    await invitee.context.close();
  });

  it('searches the audit log by target, operator and dates, says when nothing matches, and links an agent’s entries to the agent', async () => {
    const staff = newStaff();
    const id = await inviteByApi(staff, 'support');
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await page.goto(`/admin/audit?targetType=operator&targetId=${id}`);
    await consoleSignIn(page, DEMO_OPERATOR.username, DEMO_OPERATOR.password);
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const entries = page.getByRole('list', { name: 'Audit entries' }).getByRole('article');
    await entries.first().waitFor();
    expect(await entries.getByRole('heading').allInnerTexts()).toEqual(['Invited an operator']);
    expect(await page.getByLabel('Target id').inputValue()).toBe(id);

    // A date range that ends before today: nothing.
    await page.getByLabel('To', { exact: true }).fill('2024-01-01');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: 'Nothing matches this search' }).waitFor();
    // A range the wrong way round is refused before it is sent, naming the field.
    await page.getByLabel('From', { exact: true }).fill('2024-02-01');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('to must not be before from').waitFor();

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.getByLabel('Operator', { exact: true }).selectOption({ label: `${DEMO_OPERATOR.username} (owner)` });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has('operatorId')).toBe(true);
    // The list is the search's once every entry it shows is that operator's (the previous
    // search's entries are replaced when its answer arrives, not before).
    const bys = () => entries.evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
    await expect
      .poll(async () => {
        const shown = await bys();
        return shown.length > 0 && shown.every((text) => text.includes(`${DEMO_OPERATOR.username} (owner)`));
      })
      .toBe(true);

    // An action on an agent links to the agent's page.
    const agent = await registerAgent(server.url);
    const found = await owner.call<{ data: { id: string }[] }>(
      'GET',
      `/api/v1/admin/agents?q=${encodeURIComponent(agent.username)}`,
    );
    const agentId = found.body.data[0]!.id;
    expect((await owner.call('POST', `/api/v1/admin/agents/${agentId}/password-reset`)).status).toBe(200);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    const reset = (await searchAudit(page, 'Sent an agent a password reset')).first();
    const agentLink = reset.getByRole('link', { name: `Agent ${agentId}` });
    expect(await agentLink.getAttribute('href')).toBe(`/admin/agents/${agentId}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const viewport of [SMALL_PHONE, DESKTOP]) {
    it(`passes axe at ${viewport.width}×${viewport.height} on the invitation’s page, /admin/operators and /admin/audit`, async () => {
      const staff = newStaff();
      await inviteByApi(staff, 'support');
      const link = await invitationLink(staff.email);
      const { context, page, errors } = await openPage(browser, server.url, viewport);
      const fits = async () =>
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await page.goto('/admin/accept-invite');
      await page.getByText('This link is incomplete.').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.goto(onServer(link));
      await page.getByRole('heading', { name: 'Set your password', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await page.getByText(/^Password must be at least \d+ characters$/).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await fits();

      await page.goto('/admin/operators');
      await consoleSignIn(page, DEMO_OPERATOR.username, DEMO_OPERATOR.password);
      await staffCard(page, staff).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await fits();
      await page.getByRole('button', { name: 'Invite an operator' }).click();
      const invite = page.getByRole('dialog', { name: 'Invite an operator' });
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await invite.getByText('First name is required').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await invite.getByRole('button', { name: 'Cancel' }).click();
      await invite.waitFor({ state: 'detached' });
      await staffCard(page, staff).getByRole('button', { name: 'Change role' }).click();
      await page.getByRole('dialog', { name: `Change ${staff.username}’s role` }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await page.goto('/admin/audit');
      await page.getByRole('list', { name: 'Audit entries' }).getByRole('article').first().waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await fits();
      expect(besides(errors, 400)).toEqual([]);
      await context.close();
    });
  }
});

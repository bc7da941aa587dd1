import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { registerAgent, type Agent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, DESKTOP, launchChromium, openPage } from './support/chromium';
import { agentToken, signInOperator } from './support/operator';
import { DEMO_OPERATOR, startServer, type RunningServer } from './support/server';
import { pathOf } from './support/ui';

/** The small phone (e2e/support/chromium.ts's PHONE is 375 px wide). */
const SMALL_PHONE = { width: 360, height: 740 } as const;

interface AgentService {
  id: string;
  name: string;
  discountPercent: string;
  variations: Array<{ code: string; name: string; faceValue: string; price: string }>;
}

/** Naira as the API carries it ("1900.00") to kobo, by the string. */
const kobo = (naira: string) => BigInt(naira.replace('.', ''));

describe.skipIf(!browserAvailable)('the console’s catalogue, notifications and settings in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let agent: Agent;

  /** Calls the agent API as the test's agent. */
  async function asAgent<T>(path: string): Promise<T> {
    const token = await agentToken(server.url, agent.username, agent.password);
    const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return ((await response.json()) as { data: T }).data;
  }

  const agentService = async (id: string) =>
    (await asAgent<AgentService[]>('/api/v1/agent/services')).find((service) => service.id === id);

  /** Opens a console page signed in as the demo operator (an owner), or another. */
  async function openConsole(
    page: Page,
    path: string,
    heading: string,
    operator: { username: string; password: string } = DEMO_OPERATOR,
  ) {
    await page.goto(path);
    await page.getByRole('heading', { name: 'Operator sign-in', level: 1 }).waitFor();
    await page.getByLabel('Email, username or phone').fill(operator.username);
    await page.getByLabel(/^Password/).fill(operator.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    expect(pathOf(page)).toBe(path);
  }

  /** The catalogue narrowed to one service by the server's search, its plans opened. */
  async function openService(page: Page, service: AgentService) {
    await page.getByRole('searchbox', { name: 'Search services' }).fill(service.name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = page.getByRole('article', { name: service.name, exact: true });
    await card.waitFor();
    return card;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    agent = await registerAgent(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('switches a plan off and the agent is no longer offered it, then on again', async () => {
    const gotv = (await agentService('gotv'))!;
    const plan = gotv.variations[1]!;
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await openConsole(page, '/admin/catalog', 'Catalogue');
    const card = await openService(page, gotv);
    await card.getByRole('button', { name: `Show plans of ${gotv.name}` }).click();
    const item = page.getByRole('list', { name: `Plans of ${gotv.name}` }).getByRole('article', { name: plan.name });
    const text = await item.innerText();
    expect(text).toContain(`Code ${plan.code}`);
    expect(text).toMatch(/Upstream cost\s+Unknown/);
    expect(text).toMatch(/Your margin\s+Unknown/);

    const onSale = item.getByRole('switch', { name: `${plan.name} on sale` });
    expect(await onSale.isChecked()).toBe(true);
    await onSale.click();
    await item.getByText('Off sale').waitFor();
    expect((await agentService('gotv'))!.variations.map((offered) => offered.code)).not.toContain(plan.code);
    await card.getByText(`${gotv.variations.length - 1} of ${gotv.variations.length}`).waitFor();

    await onSale.click();
    await item.getByText('On sale').waitFor();
    expect((await agentService('gotv'))!.variations.map((offered) => offered.code)).toContain(plan.code);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sets a service’s discount and the agent pays face value less it, to the kobo; refuses a bad one under the field', async () => {
    const dstv = (await agentService('dstv'))!;
    const plan = dstv.variations[0]!;
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await openConsole(page, '/admin/catalog', 'Catalogue');
    const card = await openService(page, dstv);

    await card.getByRole('button', { name: `Change discount of ${dstv.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Agent discount on ${dstv.name}` });
    const field = dialog.getByLabel(/^Discount in percent/);
    await field.fill('150');
    await dialog.getByRole('button', { name: 'Save discount' }).click();
    await dialog.getByText('Discount is a percent from 0 to 100 with up to two decimals').waitFor();
    await field.fill('3.75');
    await dialog.getByRole('button', { name: 'Save discount' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('3.75 %').waitFor();

    const face = kobo(plan.faceValue);
    const expected = face - (face * 375n) / 10_000n;
    const offered = (await agentService('dstv'))!.variations.find((variation) => variation.code === plan.code)!;
    expect(kobo(offered.price)).toBe(expected);

    // The screen shows the same price.
    await card.getByRole('button', { name: `Show plans of ${dstv.name}` }).click();
    const item = page.getByRole('list', { name: `Plans of ${dstv.name}` }).getByRole('article', { name: plan.name });
    const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(Number(offered.price));
    expect(await item.innerText()).toContain(naira);
    expect(errors.filter((error) => !error.includes('status of 422'))).toEqual([]);
    await context.close();
  });

  it('syncs the catalogue now and says what it did', async () => {
    const { context, page } = await openPage(browser, server.url, DESKTOP);
    await openConsole(page, '/admin/catalog', 'Catalogue');
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Synced \d+ services and \d+ variations/ })
      .waitFor();
    await context.close();
  });

  it('changes the support number and the agent’s chat link follows; a bad number is refused under the field', async () => {
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await openConsole(page, '/admin/settings', 'Settings');
    const form = page.getByRole('form', { name: 'Support number' });
    const field = form.getByLabel(/^WhatsApp number/);
    await field.fill('12345');
    await form.getByRole('button', { name: 'Save support number' }).click();
    await form.getByText('Enter a Nigerian mobile number, like 08012345678 or 2348012345678').waitFor();
    await field.fill('0803 111 2222');
    await form.getByRole('button', { name: 'Save support number' }).click();
    await form.getByText('Support number saved').waitFor();
    await form.getByText('Agents’ chat button opens WhatsApp on 2348031112222.').waitFor();
    expect(await asAgent<Array<{ link: string }>>('/api/v1/agent/support')).toEqual([
      { link: 'whatsapp=2348031112222' },
    ]);
    expect(errors.filter((error) => !error.includes('status of 422'))).toEqual([]);
    await context.close();
  });

  it('adds a funding account that agents are offered at once, and disables it', async () => {
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await openConsole(page, '/admin/settings', 'Settings');
    await page.getByRole('button', { name: 'Add a bank account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a bank account' });
    await dialog.getByLabel(/^Bank name/).fill('Zenith Bank');
    await dialog.getByLabel(/^Bank code/).fill('057');
    await dialog.getByLabel(/^Account number/).fill('12345');
    await dialog.getByLabel(/^Account name/).fill('AgentDesk Collections');
    await dialog.getByLabel(/^Flat charge/).fill('25');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await dialog.getByText('Account number is 10 digits').waitFor();
    await dialog.getByLabel(/^Account number/).fill('1012345678');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await dialog.waitFor({ state: 'detached' });

    const listed = page.getByRole('list', { name: 'Funding accounts' }).getByRole('listitem').filter({
      hasText: 'Zenith Bank 1012345678',
    });
    await listed.getByText('Offered').waitFor();
    expect(await listed.innerText()).toContain('Charge: ₦25.00');
    type Offered = { accounts: Array<{ accountNumber: string; charge: { flat: string } }> };
    const offered = await asAgent<Offered>('/api/v1/agent/manual-funding');
    expect(offered.accounts.find((account) => account.accountNumber === '1012345678')?.charge.flat).toBe('25.00');

    await listed.getByRole('button', { name: 'Disable Zenith Bank 1012345678' }).click();
    await page.getByRole('dialog', { name: 'Disable this account?' }).getByRole('button', { name: 'Disable' }).click();
    await listed.getByText('Disabled').waitFor();
    const after = await asAgent<Offered>('/api/v1/agent/manual-funding');
    expect(after.accounts.map((account) => account.accountNumber)).not.toContain('1012345678');
    expect(errors.filter((error) => !error.includes('status of 422'))).toEqual([]);
    await context.close();
  });

  it('sends a broadcast after its preview and a confirmation, and the agent’s notifications have it', async () => {
    const title = `Maintenance ${Date.now()}`;
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await openConsole(page, '/admin/notifications', 'Notifications');
    const form = page.getByRole('form', { name: 'New broadcast' });
    await form.getByRole('button', { name: 'Send to every agent' }).click();
    await form.getByText('Title is required').waitFor();
    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel(/^Message/).fill('Purchases pause from 1am to 2am.\nFunding is not affected.');

    const preview = page.getByRole('list', { name: 'Preview of the notification' });
    await preview.getByText(title).waitFor();
    expect(await preview.innerText()).toContain('Purchases pause from 1am to 2am.\nFunding is not affected.');
    expect((await asAgent<Array<{ title: string }>>('/api/v1/agent/notify')).map((note) => note.title)).not.toContain(
      title,
    );

    await form.getByRole('button', { name: 'Send to every agent' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send to every agent?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await asAgent<Array<{ title: string }>>('/api/v1/agent/notify')).map((note) => note.title)).not.toContain(
      title,
    );
    await form.getByRole('button', { name: 'Send to every agent' }).click();
    await confirm.getByRole('button', { name: 'Send now' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Notification sent to every agent: “${title}”.` })
      .waitFor();

    const notes =
      await asAgent<Array<{ kind: string; title: string; body: string; read: boolean }>>('/api/v1/agent/notify');
    expect(notes.filter((note) => note.title === title)).toEqual([
      {
        id: expect.any(String),
        kind: 'broadcast',
        title,
        body: 'Purchases pause from 1am to 2am.\nFunding is not affected.',
        createdAt: expect.any(String),
        read: false,
      },
    ]);
    const sent = page.getByRole('list', { name: 'Broadcasts sent' }).getByRole('article', { name: title });
    expect(await sent.innerText()).toContain('0 agents have read it');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves contact details and the referral rule, each shown saved and as agents get them', async () => {
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await openConsole(page, '/admin/settings', 'Settings');
    const contact = page.getByRole('form', { name: 'Contact details' });
    await contact.getByLabel(/^Email/).fill('not an email');
    await contact.getByRole('button', { name: 'Save contact details' }).click();
    await contact.getByText('Not saved: check the fields marked in red.').waitFor();
    await contact.getByLabel(/^Email/).fill('Help@Provider.NG');
    await contact.getByLabel(/^Opening hours/).fill('Mon–Sat, 8am–6pm');
    await contact.getByRole('button', { name: 'Save contact details' }).click();
    await contact.getByText('Contact details saved').waitFor();
    expect(await contact.getByLabel(/^Email/).inputValue()).toBe('help@provider.ng');
    const seen = await asAgent<{ email: string | null; hours: string | null }>('/api/v1/agent/contact');
    expect([seen.email, seen.hours]).toEqual(['help@provider.ng', 'Mon–Sat, 8am–6pm']);

    const referral = page.getByRole('form', { name: 'Referral rule' });
    await referral.getByLabel(/^Share of margin/).fill('150');
    await referral.getByRole('button', { name: 'Save referral rule' }).click();
    await referral.getByText('Margin percent is a percent from 0 to 100 with up to two decimals').waitFor();
    await referral.getByLabel(/^Share of margin/).fill('12.5');
    await referral.getByLabel(/^Bonus on first funding/).fill('250');
    await referral.getByRole('button', { name: 'Save referral rule' }).click();
    await referral.getByText('Referral rule saved').waitFor();
    await referral.getByText(/^Last changed /).waitFor();
    const { rule } = await asAgent<{ rule: { fundingBonus: string; marginPercent: string } }>(
      '/api/v1/agent/referrals',
    );
    expect(rule.fundingBonus).toBe('250.00');
    expect(Number(rule.marginPercent)).toBe(12.5);
    expect(errors.filter((error) => !error.includes('status of 422'))).toEqual([]);
    await context.close();
  });

  it('shows a support operator the three screens to read, with no owner’s action', async () => {
    const owner = await signInOperator(server.url);
    const n = String(Date.now()).slice(-8);
    const email = `staff${n}@provider.example`;
    const invited = await owner.call('POST', '/api/v1/admin/operators', {
      firstName: 'Sade',
      lastName: 'Staff',
      username: `staff_${n}`,
      email,
      phone: `081${n}`,
      role: 'support',
    });
    expect(invited.status).toBe(201);
    let token: string | undefined;
    for (let tries = 0; !token && tries < 60; tries++) {
      const outbox = await owner.call<{ data: Array<{ text: string | null }> }>(
        'GET',
        `/api/v1/admin/outbox?limit=5&to=${encodeURIComponent(email)}`,
      );
      token = /admin\/accept-invite#token=([\w-]+)/.exec(outbox.body.data[0]?.text ?? '')?.[1];
      if (!token) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const password = 'support password 2026';
    const accepted = await fetch(`${server.url}/api/v1/admin/auth/accept-invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, newPassword: password }),
    });
    expect(accepted.status).toBe(200);

    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await openConsole(page, '/admin/catalog', 'Catalogue', { username: `staff_${n}`, password });
    await page.getByText('Only an owner can change prices and switches.').waitFor();
    const gotv = (await agentService('gotv'))!;
    const card = await openService(page, gotv);
    expect(await card.getByRole('switch', { name: `${gotv.name} offered to agents` }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sync now' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: /^Change discount/ }).count()).toBe(0);

    await page.goto('/admin/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByRole('form', { name: 'Support number' }).getByText('Only an owner can change these.').waitFor();
    expect(
      await page
        .getByRole('form', { name: 'Support number' })
        .getByLabel(/^WhatsApp number/)
        .isDisabled(),
    ).toBe(true);
    await page.getByRole('list', { name: 'Funding accounts' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add a bank account' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Disable / }).count()).toBe(0);

    await page.goto('/admin/notifications');
    await page.getByText('Only an owner can send a broadcast.').waitFor();
    expect(await page.getByRole('form', { name: 'New broadcast' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const viewport of [SMALL_PHONE, DESKTOP]) {
    it(`passes axe at ${viewport.width}×${viewport.height} on /admin/catalog, /admin/settings and /admin/notifications (with their dialogs)`, async () => {
      const gotv = (await agentService('gotv'))!;
      const { context, page, errors } = await openPage(browser, server.url, viewport);
      await openConsole(page, '/admin/catalog', 'Catalogue');
      await page.getByRole('list', { name: 'Services' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      const card = await openService(page, gotv);
      await card.getByRole('button', { name: `Show plans of ${gotv.name}` }).click();
      const item = page
        .getByRole('list', { name: `Plans of ${gotv.name}` })
        .getByRole('article', { name: gotv.variations[0]!.name });
      await item.waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await item.getByRole('button', { name: 'Set a fixed price' }).click();
      const dialog = page.getByRole('dialog', { name: `Agent price of ${gotv.variations[0]!.name}` });
      await dialog.waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.goto('/admin/settings');
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      await page.getByRole('form', { name: 'Referral rule' }).waitFor();
      await page.getByRole('button', { name: 'Add a bank account' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.getByRole('button', { name: 'Add a bank account' }).click();
      await page.getByRole('dialog', { name: 'Add a bank account' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/admin/notifications');
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      const form = page.getByRole('form', { name: 'New broadcast' });
      await form.getByLabel(/^Title/).fill('Holiday hours');
      await form.getByLabel(/^Message/).fill('Closed on Monday.');
      await page.getByRole('list', { name: 'Broadcasts sent' }).or(page.getByText('No broadcast sent yet')).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.getByRole('button', { name: 'Send to every agent' }).click();
      await page.getByRole('dialog', { name: 'Send to every agent?' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Keep it' }).click();
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { registerAgent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, DESKTOP, launchChromium, openPage } from './support/chromium';
import { fundAgent } from './support/funding';
import { signInOperator, type Operator } from './support/operator';
import { DEMO_OPERATOR, startServer, type RunningServer } from './support/server';
import { enterPin, pathOf, signIn } from './support/ui';

/** The small phone (e2e/support/chromium.ts's PHONE is 375 px wide). */
const SMALL_PHONE = { width: 360, height: 740 } as const;

/** The VTpass sandbox's number that fails definitively (not processed): the order may move on. */
const VTPASS_FAILURE = '08000000000';

interface SignedOperator {
  username: string;
  password: string;
}

/** The page's errors besides Chromium's own line for an answer the test provoked (a 422 it expects). */
const besides = (errors: string[], status: number) =>
  errors.filter((error) => !error.includes(`a status of ${status} `));

/**
 * Upstreams and routes in the console (docs/decisions/037): an owner routes MTN airtime to
 * VTpass then Clubkonnect and maps Clubkonnect's plans; a support operator reads them; an agent's
 * order VTpass definitively fails is delivered by Clubkonnect, as the order's page says.
 */
describe.skipIf(!browserAvailable)('the console’s upstreams and routes in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: Operator;
  const demo: SignedOperator = DEMO_OPERATOR;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    owner = await signInOperator(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Opens `path` in the console signed in as `who`, and waits for the screen's heading. */
  async function openConsole(page: Page, path: string, who: SignedOperator, heading: string | RegExp) {
    await page.goto(path);
    await page.getByRole('heading', { name: 'Operator sign-in', level: 1 }).waitFor();
    await page.getByLabel('Email, username or phone').fill(who.username);
    await page.getByLabel(/^Password/).fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    expect(pathOf(page)).toBe(path);
  }

  /** A support operator, invited by the owner and signed up with the emailed link. */
  async function supportOperator(): Promise<SignedOperator> {
    const n = `${Date.now() % 100_000_000}`.padStart(8, '0');
    const email = `upstreams${n}@provider.example`;
    const username = `support_${n}`;
    const made = await owner.call('POST', '/api/v1/admin/operators', {
      firstName: 'Sade',
      lastName: 'Staff',
      username,
      email,
      phone: `081${n}`,
      role: 'support',
    });
    if (made.status !== 201) throw new Error(`invite answered ${made.status}`);
    let token: string | undefined;
    for (let attempt = 0; attempt < 50 && !token; attempt++) {
      const outbox = await owner.call<{ data: { text: string | null }[] }>(
        'GET',
        `/api/v1/admin/outbox?limit=5&to=${encodeURIComponent(email)}`,
      );
      token = /admin\/accept-invite#token=([\w-]+)/.exec(outbox.body.data[0]?.text ?? '')?.[1];
      if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const password = 'support password 2026';
    const accepted = await fetch(`${server.url}/api/v1/admin/auth/accept-invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, newPassword: password }),
    });
    if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}`);
    return { username, password };
  }

  it('routes MTN airtime to VTpass then Clubkonnect, reads and maps Clubkonnect’s plans, and the failover delivers (1280 px)', async () => {
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await openConsole(page, '/admin/upstreams', demo, 'Upstreams');
    const vtpass = page.getByRole('article', { name: 'VTpass', exact: true });
    const clubkonnect = page.getByRole('article', { name: 'Clubkonnect', exact: true });
    expect(await vtpass.innerText()).toMatch(/Address\s+built-in sandbox/);
    expect(await clubkonnect.innerText()).toMatch(/Credentials\s+User ID ••••0001, API key ••••-key/);
    expect(await page.getByRole('main').innerText()).not.toContain('sandbox-clubkonnect-key');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The catalogue's upstream is never switched off: the server's reason is shown.
    await vtpass.getByRole('button', { name: 'Switch off VTpass' }).click();
    const refusal = page.getByRole('status').filter({ hasText: 'VTpass is still on' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('cannot be switched off');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');

    // The edit dialog never shows a stored credential.
    await clubkonnect.getByRole('button', { name: 'Edit Clubkonnect' }).click();
    const editing = page.getByRole('dialog', { name: 'Edit Clubkonnect' });
    expect(await editing.getByLabel('New API key').inputValue()).toBe('');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await editing.getByRole('button', { name: 'Cancel' }).click();

    // A new upstream: the kind's credentials are required, then shown masked, never as typed.
    await page.getByRole('button', { name: 'Add upstream' }).click();
    const adding = page.getByRole('dialog', { name: 'Add an upstream' });
    await adding.getByLabel('Kind').selectOption('clubkonnect');
    await adding.getByLabel(/^Id/).fill('ck-spare');
    await adding.getByLabel(/^Name/).fill('Spare');
    await adding.getByLabel(/^User ID/).fill('CK0000555');
    await adding.getByRole('button', { name: 'Add upstream' }).click();
    await adding.getByText(/credentials\.apiKey/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await adding.getByLabel(/^API key/).fill('spare-secret-7c1d');
    await adding.getByRole('button', { name: 'Add upstream' }).click();
    await page.getByRole('status').filter({ hasText: 'Upstream added.' }).waitFor();
    const spare = page.getByRole('article', { name: 'Spare', exact: true });
    expect(await spare.innerText()).toMatch(/Credentials\s+User ID ••••0555, API key ••••7c1d/);
    expect(await page.getByRole('main').innerText()).not.toContain('spare-secret');

    // MTN airtime's route, built with buttons only: Clubkonnect added first, then VTpass moved above it.
    await page.getByRole('link', { name: 'Routes' }).click();
    await page.getByRole('heading', { name: 'Routes', level: 1 }).waitFor();
    await page.getByText('moves to the next only when that upstream definitively did not process it').waitFor();
    const mtn = page.getByRole('article', { name: 'MTN Airtime VTU', exact: true });
    await mtn.getByRole('button', { name: 'Edit route of MTN Airtime VTU' }).click();
    await mtn.getByLabel('Upstream to add').selectOption('clubkonnect');
    await mtn.getByRole('button', { name: 'Add to the route' }).click();
    await mtn.getByRole('button', { name: 'Add to the route' }).click();
    const order = mtn.getByRole('list', { name: 'Route of MTN Airtime VTU' });
    expect(await order.getByRole('listitem').allInnerTexts()).toEqual(['Clubkonnect', 'VTpass']);
    await mtn.getByRole('button', { name: 'Move VTpass up' }).focus();
    await page.keyboard.press('Enter');
    expect(await order.getByRole('listitem').allInnerTexts()).toEqual(['VTpass', 'Clubkonnect']);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await mtn.getByRole('button', { name: 'Save route' }).click();
    await page.getByRole('status').filter({ hasText: 'MTN Airtime VTU: Route saved.' }).waitFor();
    await mtn.getByText('1. VTpass 2. Clubkonnect').waitFor();

    // Clubkonnect's plans: none until read, then each with its cost, mapped plan and margin.
    await page.getByRole('link', { name: 'Upstreams', exact: true }).first().click();
    await page.getByRole('link', { name: 'Plans and costs of Clubkonnect' }).click();
    await page.getByRole('heading', { name: 'Clubkonnect plans', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'No plans read yet' }).waitFor();
    await page.getByRole('button', { name: 'Read plans from the upstream' }).click();
    const read = page.getByRole('status').filter({ hasText: /^Read \d+ plans from Clubkonnect: / });
    await read.waitFor();
    expect(await read.innerText()).toMatch(/\d+ newly matched to the catalogue, \d+ plans? still unmapped\./);
    await page.getByLabel('Service').selectOption('mtn-data');
    const plan = page.getByRole('article').filter({ hasText: 'code 500.0' });
    expect(await plan.innerText()).toMatch(/Sells\s+No catalogue plan/);
    await plan.getByRole('button', { name: 'Map to a catalogue plan' }).click();
    await plan.getByLabel('Catalogue plan it sells').selectOption('mtn-110mb-100');
    await plan.getByRole('button', { name: 'Save mapping' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /now sells/ })
      .waitFor();
    await plan.getByText('code mtn-110mb-100').waitFor();
    const mapped = await plan.innerText();
    expect(mapped).toMatch(/Cost\s+₦350\.00/);
    expect(mapped).toMatch(/Price to agents\s+₦97\.00/);
    expect(mapped).toMatch(/Margin\s+-₦253\.00/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(besides(errors, 422)).toEqual([]);
    await context.close();

    // The agent buys MTN airtime for VTpass's failure number: VTpass does not process it, Clubkonnect delivers.
    const agent = await registerAgent(server.url);
    await fundAgent(server.url, agent);
    const shop = await openPage(browser, server.url, DESKTOP);
    await signIn(shop.page, agent.username, agent.password);
    await shop.page.goto('/services/airtime');
    await shop.page.getByLabel('Phone number').fill(VTPASS_FAILURE);
    await shop.page.getByRole('button', { name: 'MTN' }).click();
    await shop.page.getByRole('button', { name: '₦500' }).click();
    await shop.page.getByRole('button', { name: 'Continue' }).click();
    const confirm = shop.page.getByRole('dialog', { name: 'Confirm purchase' });
    await confirm.getByText('₦49,510.00', { exact: true }).waitFor();
    await enterPin(confirm);
    await confirm.getByRole('button', { name: 'Pay ₦490.00' }).click();
    await shop.page.getByRole('heading', { name: 'Successful' }).waitFor();
    expect(shop.errors).toEqual([]);
    await shop.context.close();

    const orders = await owner.call<{ data: { id: string; upstreamId: string }[] }>(
      'GET',
      `/api/v1/admin/orders?agent=${encodeURIComponent(agent.username)}`,
    );
    const id = orders.body.data[0]!.id;
    const desk = await openPage(browser, server.url, DESKTOP);
    await openConsole(desk.page, `/admin/orders/${id}`, demo, new RegExp(` for ${VTPASS_FAILURE}$`));
    const summary = await desk.page.getByRole('main').innerText();
    expect(summary).toMatch(/Upstream\s+clubkonnect/);
    expect(await seriousAxeViolations(desk.page)).toEqual([]);
    await desk.context.close();
  });

  it('lets a support operator read upstreams, routes and plans but change none (360 px)', async () => {
    const support = await supportOperator();
    const { context, page, errors } = await openPage(browser, server.url, SMALL_PHONE);
    await openConsole(page, '/admin/upstreams', support, 'Upstreams');
    await page.getByRole('article', { name: 'Clubkonnect', exact: true }).waitFor();
    await page.getByText('Only an owner can change upstreams.').waitFor();
    expect(await page.getByRole('button', { name: /^(Add upstream|Edit|Switch)/ }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Routes' }).click();
    await page.getByRole('heading', { name: 'Routes', level: 1 }).waitFor();
    await page.getByRole('article', { name: 'MTN Airtime VTU', exact: true }).waitFor();
    await page.getByText('Only an owner can change routes.').waitFor();
    expect(await page.getByRole('button', { name: /^Edit route/ }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto('/admin/upstreams/clubkonnect/plans');
    await page.getByRole('heading', { name: 'Clubkonnect plans', level: 1 }).waitFor();
    await page.getByText('Only an owner can read and map plans.').waitFor();
    await page.waitForFunction(() => !document.querySelector('[role="progressbar"]'));
    expect(await page.getByRole('button', { name: /Read plans|Map to|Change the catalogue plan/ }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});

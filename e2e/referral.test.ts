import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newAgent, registerAgent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, launchChromium, openPage } from './support/chromium';
import { fundWallet } from './support/wallet';
import { signInOperator } from './support/operator';
import { startServer, type RunningServer } from './support/server';
import { signIn } from './support/ui';

describe.skipIf(!browserAvailable)('referrals in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ BASE_PATH: '/agents/' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('copies the link, a new agent registers through it, and appears in the list with the bonus they earned', async () => {
    // The operator pays ₦500 on a referred agent's first funding.
    const operator = await signInOperator(server.url);
    const rule = await operator.call('PATCH', '/api/v1/admin/settings/referral', { fundingBonus: '500' });
    expect(rule.status).toBe(200);

    const referrer = await registerAgent(server.url);
    const mine = await openPage(browser, server.url);
    await mine.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await mine.page.goto('/agents/login');
    await signIn(mine.page, referrer.username, referrer.password);
    await mine.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Referral' }).click();
    await mine.page.getByRole('heading', { name: 'My Referral', level: 1 }).waitFor();
    await mine.page.getByRole('heading', { name: 'No referrals yet' }).waitFor();
    const code = await mine.page.getByTestId('referral-code').innerText();
    expect(code).toMatch(/^[A-Z0-9]{6,12}$/);
    expect(await mine.page.getByTestId('referral-rule').innerText()).toContain('₦500.00');
    expect(await seriousAxeViolations(mine.page)).toEqual([]);

    await mine.page.getByRole('button', { name: 'Copy link' }).click();
    await mine.page.getByText('Link copied').waitFor();
    const link = await mine.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${server.url}/agents/register?ref=${code}`);

    // Someone else opens the link, signed out, in their own browser.
    const friend = newAgent();
    const theirs = await openPage(browser, server.url);
    await theirs.page.goto(link);
    await theirs.page.getByRole('heading', { name: 'Create an account' }).waitFor();
    // The page is prerendered: its script fills the code in from the link once it has run.
    await expect
      .poll(() => theirs.page.getByLabel('Referral code (optional)').inputValue(), { timeout: 10_000 })
      .toBe(code);
    await theirs.page.getByLabel('First name').fill(friend.firstName);
    await theirs.page.getByLabel('Last name').fill('Bello');
    await theirs.page.getByLabel('Username').fill(friend.username);
    await theirs.page.getByLabel('Email address').fill(friend.email);
    await theirs.page.getByLabel('Phone number').fill(friend.phone);
    await theirs.page.getByLabel('Password', { exact: true }).fill(friend.password);
    await theirs.page.getByLabel('Confirm password', { exact: true }).fill(friend.password);
    await theirs.page.getByRole('button', { name: 'Create account' }).click();
    await theirs.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(theirs.errors).toEqual([]);
    await theirs.context.close();

    // Listed at once, not funded yet, nothing earned.
    await mine.page.reload();
    const list = mine.page.getByRole('list', { name: 'Referred agents' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    const row = list.getByRole('listitem').first();
    expect(await row.innerText()).toMatch(/Ada B\.[\s\S]*Not funded yet[\s\S]*₦0\.00/);

    // Their first funding pays the referrer the bonus, once.
    await fundWallet(server.url, { ...friend, lastName: 'Bello' });
    await mine.page.reload();
    await list.getByText('Funded', { exact: true }).waitFor();
    expect(await list.getByRole('listitem').first().innerText()).toContain('₦500.00');
    const totals = mine.page.getByRole('region', { name: 'Totals' });
    expect(await totals.innerText()).toMatch(/Agents referred\s+1\s+Bonuses earned\s+₦500\.00\s+Bonus payments\s+1/);
    expect(mine.errors).toEqual([]);
    await mine.context.close();
  });

  it('refuses an unknown code under its field', async () => {
    const { context, page } = await openPage(browser, server.url);
    const someone = newAgent();
    await page.goto('/agents/register?ref=NOSUCH99');
    await page.getByLabel('First name').fill(someone.firstName);
    await page.getByLabel('Last name').fill(someone.lastName);
    await page.getByLabel('Username').fill(someone.username);
    await page.getByLabel('Email address').fill(someone.email);
    await page.getByLabel('Phone number').fill(someone.phone);
    await page.getByLabel('Password', { exact: true }).fill(someone.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(someone.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    // Under the field (its description), and said again in the toast.
    const field = page.getByLabel('Referral code (optional)');
    await page.locator('.auth-helper.is-error', { hasText: 'No agent has this referral code' }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await field.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe('No agent has this referral code');
    await context.close();
  });
});

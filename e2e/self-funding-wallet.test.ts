import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { registerAgent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, launchChromium, openPage } from './support/chromium';
import { signInOperator, type Operator } from './support/operator';
import { DEMO_OPERATOR, startServer, type RunningServer } from './support/server';
import { signIn, toast } from './support/ui';

/** The small phone. */
const SMALL_PHONE = { width: 360, height: 740 } as const;

/**
 * Self-funding wallets (decision 046) in the demo's configuration: Monnify and Paystack on
 * their built-in sandboxes, the test BVN of the README.
 */
describe.skipIf(!browserAvailable)('wallets that fund themselves, in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let operator: Operator;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    operator = await signInOperator(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('explains, verifies a BVN, shows the account numbers with copy buttons, credits a transfer less the fee, and the console shows it', async () => {
    const agent = await registerAgent(server.url);
    const { context, page, errors } = await openPage(browser, server.url, SMALL_PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, agent.username, agent.password);
    await page.goto('/wallet/fund');
    await page.getByRole('heading', { name: 'Fund Wallet', level: 1 }).waitFor();

    // Without a check: why there is no account number, and how to get one.
    await page.getByText('Complete your identity check to get your own account numbers.', { exact: false }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The name must be the one on the BVN: the gateway's refusal is shown, and the check may be retried.
    const form = page.getByRole('form', { name: 'Identity check' });
    await form.getByLabel('BVN (11 digits)').fill('22222222222');
    await form.getByLabel('First name, as on the ID').fill('Chidi');
    await form.getByLabel('Last name, as on the ID').fill('Okafor');
    // Paystack validates customers (the default): the bank account linked to the BVN, its test account.
    await form.getByLabel('Your bank').selectOption({ label: 'Access Bank' });
    await form.getByLabel('Your account number (10 digits)').fill('0111111111');
    await form.getByRole('button', { name: 'Verify and get my accounts' }).click();
    await page.getByText('Your last check did not go through', { exact: false }).waitFor();
    await form.getByLabel('BVN (11 digits)').fill('22222222222');
    await form.getByLabel('First name, as on the ID').fill('Uchenna');
    await form.getByLabel('Last name, as on the ID').fill('Okoro');
    await form.getByLabel('Your bank').selectOption({ label: 'Access Bank' });
    await form.getByLabel('Your account number (10 digits)').fill('0111111111');
    await form.getByRole('button', { name: 'Verify and get my accounts' }).click();
    // Monnify opened its account; Paystack checks the bank account and answers by webhook.
    await toast(
      page,
      'Your identity is checked; Paystack is checking your bank account, and your account numbers appear here when it has.',
    );

    // Verified: masked, and both accounts with their copy buttons and the fee in words.
    await page.getByText('Identity verified: BVN 222****2222 (Uchenna Okoro).').waitFor();
    expect(await page.getByText('22222222222').count()).toBe(0);
    const own = page.getByRole('region', { name: 'Your own account numbers' });
    await own.getByText('Moniepoint Microfinance Bank').waitFor();
    await own.getByText('Test Bank').waitFor();
    await own
      .getByText('A fee of 1.5% (at most ₦2,000.00) is taken from each transfer to your Monnify account.')
      .waitFor();
    await own
      .getByText('A fee of 1% (at most ₦300.00) is taken from each transfer to your Paystack account.')
      .waitFor();
    const numbers = await own
      .locator('p')
      .filter({ hasText: /^\d{10}$/ })
      .allTextContents();
    expect(numbers).toHaveLength(2);
    await own.getByRole('button', { name: 'Copy Moniepoint Microfinance Bank account number' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(numbers[0]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // A transfer of ₦10,000 into the Monnify account, through the sandbox: its signed webhook is
    // verified with the sandbox's API and credited less 1.5%.
    const transfer = await fetch(`${server.url}/sandbox/monnify/_sandbox/transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountNumber: numbers[0], amount: 10_000 }),
    });
    expect(((await transfer.json()) as { delivered: number }).delivered).toBe(200);
    await page.reload();
    await page.getByText('₦9,850.00').first().waitFor();

    // The console shows the check, masked, and the accounts.
    const { body } = await operator.call<{ data: { id: string }[] }>(
      'GET',
      `/api/v1/admin/agents?q=${encodeURIComponent(agent.email)}`,
    );
    const id = body.data[0]!.id;
    const consolePage = await openPage(browser, server.url, SMALL_PHONE);
    await consolePage.page.goto(`/admin/agents/${id}`);
    await consolePage.page.getByRole('heading', { name: 'Operator sign-in', level: 1 }).waitFor();
    await consolePage.page.getByLabel('Email, username or phone').fill(DEMO_OPERATOR.username);
    await consolePage.page.getByLabel(/^Password/).fill(DEMO_OPERATOR.password);
    await consolePage.page.getByRole('button', { name: 'Sign in' }).click();
    const section = consolePage.page.getByRole('region', { name: 'Identity and own accounts' });
    await section.getByText('Verified').first().waitFor();
    await section.getByText('222****2222').waitFor();
    await section.getByText(numbers[1]!, { exact: false }).waitFor();
    expect(await seriousAxeViolations(consolePage.page)).toEqual([]);
    expect(await consolePage.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await consolePage.context.close();

    // The first refusal answered 422, as it should; nothing else failed.
    expect(errors.filter((error) => !/\b422\b/.test(error))).toEqual([]);
  });
});

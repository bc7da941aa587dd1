import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { registerAgent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, DESKTOP, launchChromium, openPage, PHONE } from './support/chromium';
import {
  addFundingAccount,
  agentToken,
  approveFunding,
  fundAgent,
  pendingRequestId,
  signInOperator,
  type Operator,
} from './support/operator';
import { startServer, type RunningServer } from './support/server';
import { pathOf, signIn } from './support/ui';

const TRANSACTIONS_PATH = '/api/v1/agent/transactions';

describe.skipIf(!browserAvailable)('transactions in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let operator: Operator;
  let accountId: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    operator = await signInOperator(server.url);
    accountId = (await addFundingAccount(operator)).id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const rows = (page: Page) => page.getByRole('list', { name: 'Transactions' }).getByRole('button');

  it('a reported transfer, once approved, shows in the balance and the history with every detail', async () => {
    const agent = await registerAgent(server.url);
    const { context, page, errors } = await openPage(browser, server.url, PHONE);
    await signIn(page, agent.username, agent.password);
    await page.getByText('₦0.00').waitFor();

    await page.getByRole('link', { name: 'Fund wallet' }).click();
    await page.getByRole('heading', { name: 'Fund Wallet', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/wallet/fund');
    await page.getByLabel('Account you paid into').selectOption({ label: 'GTBank · 0123456785' });
    await page.getByLabel('Amount sent (₦)').fill('5000');
    await page.getByLabel('Sender name').fill('Ada Okafor');
    await page.getByLabel('Transfer reference').fill('GTB-REF-1001');
    await page.getByRole('button', { name: 'Submit report' }).click();
    const reports = page.getByRole('list', { name: 'Reported transfers' });
    await reports.getByText('Ref GTB-REF-1001 · GTBank').waitFor();
    await reports.getByText('Pending').waitFor();

    await approveFunding(operator, await pendingRequestId(operator, 'GTB-REF-1001'));

    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Transactions' }).click();
    await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
    await rows(page).first().waitFor();
    expect(await rows(page).count()).toBe(1);
    await rows(page).getByText('+₦5,000.00').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await rows(page).first().click();
    const detail = page.getByRole('dialog', { name: 'Transaction details' });
    await detail.waitFor();
    await detail.getByText('Wallet funding', { exact: true }).waitFor();
    await detail.getByText('Bank transfer GTB-REF-1001').waitFor();
    await detail.getByRole('button', { name: 'Copy reference' }).waitFor();
    const pairs = await detail
      .locator('dt')
      .evaluateAll((terms) => terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['Type', 'Funding'],
        ['Balance before', '₦0.00'],
        ['Balance after', '₦5,000.00'],
      ]),
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await detail.getByRole('button', { name: 'Close details' }).click();
    await detail.waitFor({ state: 'detached' });

    await page.goto('/');
    await page.getByText('₦5,000.00', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches on the server once typing stops, filters by chips and says when nothing matches', async () => {
    const agent = await registerAgent(server.url);
    const token = await agentToken(server.url, agent.username, agent.password);
    await fundAgent(server.url, operator, token, accountId, '1000', 'ALPHA-001');
    await fundAgent(server.url, operator, token, accountId, '2000', 'BRAVO-002');
    await fundAgent(server.url, operator, token, accountId, '3000', 'CHARLIE-003');

    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await signIn(page, agent.username, agent.password);
    const queries: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === TRANSACTIONS_PATH) queries.push(url.search);
    });
    await page.goto('/user/transactions');
    await rows(page).nth(2).waitFor();
    // Newest first.
    expect(await rows(page).first().textContent()).toContain('CHARLIE-003');

    const search = page.getByRole('searchbox', { name: 'Search transactions' });
    await search.pressSequentially('bravo', { delay: 60 });
    await expect.poll(() => queries.some((query) => query.includes('q=bravo'))).toBe(true);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain('BRAVO-002');
    // Debounced: the half-typed words never reached the server.
    expect(queries.filter((query) => /q=b(r|ra|rav)?(&|$)/.test(query))).toEqual([]);

    await page.getByRole('button', { name: 'Failed' }).click();
    await page.getByRole('heading', { name: 'No matching transactions' }).waitFor();
    expect(queries.at(-1)).toContain('status=failed');
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await search.inputValue()).toBe('');

    await page.getByRole('group', { name: 'Type' }).getByRole('button', { name: 'Funding' }).click();
    expect(
      await page
        .getByRole('group', { name: 'Type' })
        .getByRole('button', { name: 'Funding' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await expect.poll(() => queries.at(-1)).toContain('type=funding');
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads the next page with the keyboard button and on scroll', async () => {
    const agent = await registerAgent(server.url);
    const token = await agentToken(server.url, agent.username, agent.password);
    for (let index = 1; index <= 45; index++) {
      await fundAgent(server.url, operator, token, accountId, '100', `PAGE-${String(index).padStart(3, '0')}`);
    }
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await signIn(page, agent.username, agent.password);
    await page.goto('/user/transactions');
    await rows(page).nth(19).waitFor();
    expect(await rows(page).count()).toBe(20);

    const more = page.getByRole('button', { name: 'Load more transactions' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rows(page).count()).toBe(40);

    // Scrolling to the end loads the last page by itself.
    await rows(page).nth(39).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    await expect.poll(() => rows(page).count()).toBe(45);
    await more.waitFor({ state: 'detached' });
    expect(await rows(page).last().textContent()).toContain('PAGE-001');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows an honest error with a retry when the history cannot load', async () => {
    const agent = await registerAgent(server.url);
    const { context, page } = await openPage(browser, server.url, PHONE);
    await signIn(page, agent.username, agent.password);
    let fail = true;
    await page.route(`**${TRANSACTIONS_PATH}*`, (route) =>
      fail
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Down for a moment"}' })
        : route.continue(),
    );
    await page.goto('/user/transactions');
    await page.getByText('Could not load your transactions. Down for a moment').waitFor();
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'No transactions yet' }).waitFor();
    await context.close();
  });
});

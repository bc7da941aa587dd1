import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { registerAgent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, launchChromium, openPage, PHONE } from './support/chromium';
import { startServer, type RunningServer } from './support/server';
import { signIn } from './support/ui';

const RESOLVE_PATH = '/api/v1/agent/banks/resolve';

describe.skipIf(!browserAvailable)('bank accounts in the browser', () => {
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

  function countCalls(page: Page, path: string) {
    const calls = { count: 0 };
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === path) calls.count += 1;
    });
    return calls;
  }

  it('adds an account after the NUBAN check and the name enquiry, then removes it after confirming', async () => {
    const agent = await registerAgent(server.url);
    const { context, page, errors } = await openPage(browser, server.url, PHONE);
    await signIn(page, agent.username, agent.password);
    const lookups = countCalls(page, RESOLVE_PATH);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Bank Accounts' }).click();
    await page.getByRole('heading', { name: 'Bank Accounts', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'No bank accounts yet' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add bank account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add bank account' });
    await dialog.waitFor();
    await dialog.getByLabel('Bank').selectOption({ label: 'GTBank' });
    // A wrong check digit is caught here: the bank is never asked.
    await dialog.getByLabel('Account number').fill('0123456789');
    await dialog.getByText('This is not a valid GTBank account number: check the digits and the bank').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save account' }).isDisabled()).toBe(true);
    expect(lookups.count).toBe(0);

    await dialog.getByLabel('Account number').fill('0123456785');
    const name = dialog.getByText(/^Account name:/);
    await name.waitFor();
    const accountName = (await name.textContent())!.replace('Account name: ', '');
    expect(accountName.length).toBeGreaterThan(1);
    expect(lookups.count).toBe(1);
    // Let the Save button finish its 250 ms colour change from disabled before axe measures it.
    await dialog.getByRole('button', { name: 'Save account' }).waitFor();
    await page.waitForTimeout(400);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save account' }).click();
    await dialog.waitFor({ state: 'detached' });

    const list = page.getByRole('list', { name: 'Bank accounts' });
    await list.getByText(accountName, { exact: true }).waitFor();
    await list.getByText(/GTBank · 0123456785/).waitFor();

    await list.getByRole('button', { name: 'Remove GTBank 0123456785' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove bank account?' });
    await confirm.waitFor();
    expect((await confirm.boundingBox())?.width).toBeLessThanOrEqual(400);
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'detached' });
    await list.getByText(accountName, { exact: true }).waitFor();

    await list.getByRole('button', { name: 'Remove GTBank 0123456785' }).click();
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByRole('heading', { name: 'No bank accounts yet' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says so when the bank does not know the account', async () => {
    const agent = await registerAgent(server.url);
    const { context, page } = await openPage(browser, server.url, PHONE);
    await signIn(page, agent.username, agent.password);
    await page.goto('/user/banks');
    await page.getByRole('button', { name: 'Add bank account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add bank account' });
    await dialog.getByLabel('Bank').selectOption({ label: 'GTBank' });
    // 999… passes NUBAN for GTBank's code but does not exist in the sandbox name enquiry.
    const serial = '999000001';
    const weights = [3, 7, 3];
    const digits = `058${serial}`;
    const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * weights[index % 3]!, 0);
    await dialog.getByLabel('Account number').fill(`${serial}${(10 - (sum % 10)) % 10}`);
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save account' }).isDisabled()).toBe(true);
    await context.close();
  });
});

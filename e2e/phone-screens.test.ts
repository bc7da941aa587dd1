import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newAgent, registerAgent, type Agent } from './support/api';
import { browserAvailable, DESKTOP, launchChromium, openPage } from './support/chromium';
import { fundAgent } from './support/funding';
import { startServer, type RunningServer } from './support/server';
import { enterPin, pathOf, signIn, toast } from './support/ui';

/** A 360 px phone: the smallest screen agents sell from. */
const SMALL_PHONE = { width: 360, height: 740 } as const;

describe.skipIf(!browserAvailable)('what agents hit on phones', () => {
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

  async function agentOn(
    path: string,
    { fund = true, viewport = SMALL_PHONE }: { fund?: boolean; viewport?: { width: number; height: number } } = {},
  ) {
    const agent: Agent = await registerAgent(server.url);
    if (fund) await fundAgent(server.url, agent);
    const opened = await openPage(browser, server.url, viewport);
    await signIn(opened.page, agent.username, agent.password);
    await opened.page.goto(path);
    await opened.page.getByRole('heading', { level: 1 }).waitFor();
    if (path.startsWith('/services/')) await balanceIs(opened.page, fund ? '₦50,000.00' : '₦0.00');
    return { ...opened, agent };
  }

  async function balanceIs(page: Page, amount: string) {
    await page.getByRole('main').getByText(`Balance: ${amount}`, { exact: true }).waitFor();
  }

  it('at 360 px the result checker PINs fit their box and each copy button says what it copies', async () => {
    const { context, page, errors } = await agentOn('/services/result-checker');
    await page.getByLabel('Exam').selectOption({ label: 'WAEC Result Checker PIN' });
    await page.getByLabel('Quantity').fill('2');
    await page.getByLabel('Customer phone').fill('08031234567');
    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
    await enterPin(dialog);
    await dialog.getByRole('button', { name: 'Pay ₦7,722.00' }).click();
    await page.getByRole('heading', { name: 'Successful' }).waitFor();
    const cards = page.getByRole('table', { name: '2 PINs' });
    await cards.waitFor();
    // Nothing wider than its box: the receipt section does not scroll sideways, nor does the page.
    const overflow = await page.evaluate(() => {
      const section = document.querySelector('section.purchase-receipt')!;
      const wide = [...section.querySelectorAll<HTMLElement>('*')].filter(
        // A visually hidden label (1 px wide, clipped on purpose) is not a box.
        (element) =>
          element.clientWidth > 1 &&
          element.scrollWidth > element.clientWidth + 1 &&
          getComputedStyle(element).overflowX !== 'visible',
      );
      return {
        boxes: wide.map((element) => element.tagName),
        page: document.documentElement.scrollWidth > window.innerWidth,
        table: section.querySelector('table')!.getBoundingClientRect().right > section.getBoundingClientRect().right,
      };
    });
    expect(overflow).toEqual({ boxes: [], page: false, table: false });
    // Each card's copy button reads whole: its text is not cut off.
    for (const name of ['Copy PIN 1', 'Copy PIN 2', 'Copy all PINs']) {
      const button = page.getByRole('button', { name, exact: true });
      const clipped = await button.evaluate(
        (element) => element.scrollWidth > element.clientWidth + 1 || element.getBoundingClientRect().width < 40,
      );
      expect(clipped, name).toBe(false);
      expect(await button.innerText()).toMatch(/^Copy/);
    }
    expect((await page.getByRole('button', { name: 'Copy PIN 1', exact: true }).innerText()).trim()).toBe('Copy PIN 1');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a short balance is said in numbers, with a way to fund the wallet instead of Pay', async () => {
    const { context, page } = await agentOn('/services/airtime', { fund: false });
    await page.getByLabel('Phone number').fill('08031234567');
    await page.getByRole('button', { name: '₦500' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
    await dialog.getByText('Your balance of ₦0.00 is short of ₦490.00 for this purchase.').waitFor();
    expect(await dialog.innerText()).not.toContain('−');
    expect(await dialog.innerText()).not.toContain('Balance after');
    expect(await dialog.getByRole('button', { name: /^Pay/ }).count()).toBe(0);
    await dialog.getByRole('link', { name: 'Fund wallet' }).click();
    await page.getByRole('heading', { name: 'Fund Wallet', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/wallet/fund');
    await context.close();
  });

  it('with enough balance the dialog still offers Pay and the balance after', async () => {
    const { context, page } = await agentOn('/services/airtime', { viewport: DESKTOP });
    await page.getByLabel('Phone number').fill('08031234567');
    await page.getByRole('button', { name: '₦500' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
    // The dialog asks for the balance as it opens: the figure comes once the answer is in.
    await dialog.getByText('₦49,510.00').waitFor();
    expect(await dialog.innerText()).toContain('Balance after\n₦49,510.00');
    await dialog.getByRole('button', { name: 'Pay ₦490.00' }).waitFor();
    await context.close();
  });

  it('the dialog judges the balance of now: money credited after the screen loaded is there to pay with', async () => {
    const { context, page, agent } = await agentOn('/services/airtime', { fund: false });
    // The transfer is approved while the screen is open (another tab, the operator): the
    // screen still shows ₦0.00; the confirmation asks for the balance again.
    await fundAgent(server.url, agent);
    await page.getByLabel('Phone number').fill('08031234567');
    await page.getByRole('button', { name: '₦500' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
    await dialog.getByText('₦49,510.00').waitFor();
    expect(await dialog.innerText()).toContain('Balance after\n₦49,510.00');
    expect(await dialog.innerText()).not.toContain('short of');
    await dialog.getByRole('button', { name: 'Pay ₦490.00' }).waitFor();
    // The screen's own figure is the same answer.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await balanceIs(page, '₦50,000.00');
    await context.close();
  });

  it('on a phone the transaction filters fold behind a Filters toggle that counts them; on a desktop they are open', async () => {
    const { context, page, errors } = await agentOn('/user/transactions');
    const list = page.getByRole('list', { name: 'Transactions' });
    await list.getByRole('button').first().waitFor();
    const toggle = page.getByRole('button', { name: 'Filters', exact: true });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const panelId = await toggle.getAttribute('aria-controls');
    expect(panelId).toBeTruthy();
    expect(await page.locator(`[id="${panelId}"]`).count()).toBe(1);
    expect(await page.getByRole('group', { name: 'Type' }).isVisible()).toBe(false);
    // The first transaction is on the first screen.
    const box = await list.getByRole('button').first().boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(SMALL_PHONE.height);

    // By keyboard: open, choose a type, and the toggle counts it.
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const funding = page.getByRole('group', { name: 'Type' }).getByRole('button', { name: 'Funding' });
    await funding.waitFor();
    await funding.focus();
    await page.keyboard.press('Enter');
    const counted = page.getByRole('button', { name: 'Filters (1)', exact: true });
    await counted.waitFor();
    await counted.click();
    expect(await counted.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();

    const desktop = await agentOn('/user/transactions', { viewport: DESKTOP });
    await desktop.page.getByRole('group', { name: 'Type' }).waitFor();
    expect(await desktop.page.getByRole('button', { name: /^Filters/ }).count()).toBe(0);
    await desktop.context.close();
  });

  it('speaks to agents in their words: a wrong meter beside its field, a product by its name, never an id', async () => {
    const { context, page, errors } = await agentOn('/services/electricity');
    await page.getByLabel('Distribution company').selectOption({ label: 'Ikeja Electric (IKEDC)' });
    await page.getByLabel('Meter number').fill('9991111111111');
    await page.getByRole('button', { name: 'Verify meter' }).click();
    await page.getByText('Meter number is not valid', { exact: true }).waitFor();
    // Give a toast its time to show: none may say "meter_number: …".
    await page.waitForTimeout(500);
    expect(await page.getByText('meter_number', { exact: false }).count()).toBe(0);

    // A JAMB PIN bought, then its detail in the history: the product's name, not "jamb".
    await page.goto('/services/result-checker');
    await page.getByLabel('Exam').selectOption({ label: 'JAMB PIN (UTME and Direct Entry)' });
    await page.getByLabel('Type').selectOption('utme');
    await page.getByLabel('Profile ID').fill('0123456789');
    await page.getByRole('button', { name: 'Verify profile ID' }).click();
    await page.getByText('ZAINAB OKAFOR').first().waitFor();
    await page.getByLabel('Customer phone').fill('08031234567');
    await page.getByRole('button', { name: 'Continue' }).click();
    await enterPin(page.getByRole('dialog', { name: 'Confirm purchase' }));
    await page.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('heading', { name: 'Successful' }).waitFor();
    await page.goto('/user/transactions');
    await page.getByRole('list', { name: 'Transactions' }).getByRole('button').first().click();
    const detail = page.getByRole('dialog', { name: 'Transaction details' });
    await detail.waitFor();
    const text = await detail.innerText();
    expect(text).not.toMatch(/\bjamb\b/);
    expect(text).toMatch(/^Transaction details\n+JAMB/);
    expect(errors.filter((error) => !error.includes('status of 422'))).toEqual([]);
    await context.close();
  });

  it('says one word and one date format for the same sale: result, history, detail and receipt', async () => {
    const { context, page, errors } = await agentOn('/services/airtime');
    await page.getByLabel('Phone number').fill('08031234567');
    await page.getByRole('button', { name: '₦500' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await enterPin(page.getByRole('dialog', { name: 'Confirm purchase' }));
    await page.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: 'Pay ₦490.00' }).click();
    const result = page.locator('section.purchase-receipt');
    await result.getByRole('heading', { name: 'Successful', exact: true }).waitFor();
    const resultText = await result.innerText();
    // The upstream's own words are not a status.
    expect(resultText).not.toMatch(/TRANSACTION|SUCCESSFUL|Delivered/);
    const MEDIUM_DATE = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2}/;
    const resultDate = /Date\n(.+)/.exec(resultText)?.[1] ?? '';
    expect(resultDate).toMatch(MEDIUM_DATE);

    await page.goto('/user/transactions');
    const row = page.getByRole('list', { name: 'Transactions' }).getByRole('button').first();
    expect(await row.innerText()).toContain('Successful');
    await row.click();
    const detail = page.getByRole('dialog', { name: 'Transaction details' });
    const detailText = await detail.innerText();
    expect(detailText).toContain('Successful');
    expect(detailText).not.toMatch(/\bSuccess\b/);
    expect(/Date\n(.+)/.exec(detailText)?.[1]).toMatch(MEDIUM_DATE);

    await detail.getByRole('link', { name: 'View receipt' }).click();
    const receipt = page.getByRole('main');
    await receipt.getByText('Successful', { exact: true }).first().waitFor();
    const receiptText = await receipt.innerText();
    expect(receiptText).not.toMatch(/TRANSACTION SUCCESSFUL|\bSuccess\b/);
    expect(/Date\n(.+)/.exec(receiptText)?.[1]).toMatch(MEDIUM_DATE);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('register on a phone: an empty confirmation is asked for, and every taken field is said beside it', async () => {
    const { context, page } = await openPage(browser, server.url, SMALL_PHONE);
    await page.goto('/register');
    const confirmField = page.getByLabel('Confirm password', { exact: true });
    const describedBy = async () =>
      page.locator(`[id="${await confirmField.getAttribute('aria-describedby')}"]`).innerText();

    // Nothing typed at all, then a password without its confirmation: both ask for it.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => confirmField.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy()).toBe('Confirm your password');
    const agent = newAgent();
    await page.getByLabel('First name').fill(agent.firstName);
    await page.getByLabel('Last name').fill(agent.lastName);
    await page.getByLabel('Username').fill(agent.username);
    await page.getByLabel('Email address').fill(agent.email);
    await page.getByLabel('Phone number').fill(agent.phone);
    await page.getByLabel('Password', { exact: true }).fill(agent.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => confirmField.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy()).toBe('Confirm your password');

    // Username, email and phone all taken: each field says so (the server may name several).
    await page.route('**/api/v1/agent/auth/register', (route) =>
      route.fulfill({
        status: 409,
        json: {
          message: 'This username is already registered',
          code: 'CONFLICT',
          errors: [
            { path: 'username', message: 'This username is already registered' },
            { path: 'email', message: 'This email address is already registered' },
            { path: 'phone', message: 'This phone number is already registered' },
          ],
        },
      }),
    );
    await confirmField.fill(agent.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await toast(page, 'This username is already registered');
    for (const [label, message] of [
      ['Username', 'This username is already registered'],
      ['Email address', 'This email address is already registered'],
      ['Phone number', 'This phone number is already registered'],
    ] as const) {
      const input = page.getByLabel(label, { exact: true });
      expect(await input.getAttribute('aria-invalid'), label).toBe('true');
      const helper = await input.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${helper}"]`).innerText()).toBe(message);
    }
    expect(pathOf(page)).toBe('/register');
    await context.close();
  });
});

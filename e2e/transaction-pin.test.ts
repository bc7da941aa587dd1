import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AGENT_PIN, latestResetCode, registerAgent, type Agent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, launchChromium, openPage } from './support/chromium';
import { fundAgent } from './support/funding';
import { DEMO_AGENT, startServer, type RunningServer } from './support/server';
import { enterPin, signIn, toast } from './support/ui';

/** A 360 px phone: the agent at the kiosk. */
const SMALL_PHONE = { width: 360, height: 740 } as const;
/** The sandbox's number that leaves a purchase pending until the next requery. */
const PENDING_PHONE = '08012010000';

/**
 * The page's errors besides Chromium's own line for an answer the test provoked on purpose
 * ("Failed to load resource: the server responded with a status of 400 (Bad Request)").
 */
function besides(errors: string[], ...statuses: number[]): string[] {
  return errors.filter((error) => !statuses.some((status) => error.includes(`a status of ${status} `)));
}

describe.skipIf(!browserAvailable)('the transaction PIN and re-check status in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // No requery worker: a pending sale stays pending until the agent re-checks it.
    server = await startServer({ REQUERY_INTERVAL_MS: '0' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function agentOn(path: string, agent: Agent) {
    await fundAgent(server.url, agent);
    const opened = await openPage(browser, server.url, SMALL_PHONE);
    await signIn(opened.page, agent.username, agent.password);
    await opened.page.goto(path);
    await opened.page.getByRole('heading', { level: 1 }).waitFor();
    if (path.startsWith('/services/')) await balanceIs(opened.page, '₦50,000.00');
    return opened;
  }

  async function balanceIs(page: Page, amount: string) {
    await page.getByRole('main').getByText(`Balance: ${amount}`, { exact: true }).waitFor();
  }

  async function reviewAirtime(page: Page, phone = '08031234567', after = '₦49,510.00') {
    await page.getByLabel('Phone number').fill(phone);
    await page.getByRole('button', { name: 'MTN' }).click();
    await page.getByRole('button', { name: '₦500' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
    await dialog.getByText(after, { exact: true }).waitFor();
    return dialog;
  }

  it('has a new agent choose a PIN in the first purchase’s confirmation, then buys with it', async () => {
    const agent = await registerAgent(server.url, undefined, { withPin: false });
    const { context, page, errors } = await agentOn('/services/airtime', agent);
    const dialog = await reviewAirtime(page);
    await dialog.getByText('Choose a 4-digit transaction PIN.', { exact: false }).waitFor();
    const pin = dialog.getByLabel('New PIN', { exact: true });
    // The number pad, masked, and focused: the agent types at once.
    expect(await pin.getAttribute('inputmode')).toBe('numeric');
    expect(await pin.getAttribute('type')).toBe('password');
    expect(await pin.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await pin.fill('5678');
    await dialog.getByLabel('Confirm new PIN').fill('5670');
    await dialog.getByRole('button', { name: 'Pay ₦490.00' }).click();
    await dialog.getByText('The two PINs are not the same').waitFor();
    await dialog.getByLabel('Confirm new PIN').fill('5678');
    await dialog.getByRole('button', { name: 'Pay ₦490.00' }).click();
    await page.getByRole('heading', { name: 'Successful' }).waitFor();
    await balanceIs(page, '₦49,510.00');

    // The next purchase asks for that PIN.
    await page.getByRole('button', { name: 'New purchase' }).click();
    const next = await reviewAirtime(page, '08031234567', '₦49,020.00');
    await enterPin(next, '5678');
    await next.getByRole('button', { name: 'Pay ₦490.00' }).click();
    await page.getByRole('heading', { name: 'Successful' }).waitFor();
    await balanceIs(page, '₦49,020.00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses wrong PINs in words, pauses purchases after five, and charges nothing', async () => {
    const agent = await registerAgent(server.url);
    const { context, page, errors } = await agentOn('/services/airtime', agent);
    const dialog = await reviewAirtime(page);
    for (const left of ['4 tries', '3 tries', '2 tries', '1 try']) {
      await enterPin(dialog, '1111');
      await dialog.getByRole('button', { name: 'Pay ₦490.00' }).click();
      await dialog.getByText(`Wrong PIN. ${left} left.`, { exact: true }).waitFor();
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await enterPin(dialog, '1111');
    await dialog.getByRole('button', { name: 'Pay ₦490.00' }).click();
    await dialog.getByText('Too many wrong PINs. Purchases are paused for 15 minutes.', { exact: true }).waitFor();
    // Paused: even the right PIN is refused until the pause ends.
    await enterPin(dialog, AGENT_PIN);
    await dialog.getByRole('button', { name: 'Pay ₦490.00' }).click();
    await dialog.getByText(/^Too many wrong PINs\. Purchases are paused for /).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await balanceIs(page, '₦50,000.00');

    // Profile says so, and a reset by emailed code ends the pause.
    await page.goto('/user/profile');
    const section = page.getByRole('region', { name: 'Transaction PIN' });
    await section.getByText(/Purchases are paused until/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await section.getByRole('button', { name: 'Forgot PIN?' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset transaction PIN' });
    await reset.getByRole('button', { name: 'Email me a code' }).click();
    await reset.getByText(/A 6-digit code has been sent to/).waitFor();
    await reset.getByLabel('Code from the email').fill(await latestResetCode(server.url, agent.email));
    await reset.getByLabel('New PIN', { exact: true }).fill('9753');
    await reset.getByLabel('Confirm new PIN').fill('9753');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await reset.getByRole('button', { name: 'Save PIN' }).click();
    await toast(page, 'Your transaction PIN has been reset');
    expect(await section.getByText(/Purchases are paused until/).count()).toBe(0);

    await page.goto('/services/airtime');
    await balanceIs(page, '₦50,000.00');
    const again = await reviewAirtime(page);
    await enterPin(again, '9753');
    await again.getByRole('button', { name: 'Pay ₦490.00' }).click();
    await page.getByRole('heading', { name: 'Successful' }).waitFor();
    await balanceIs(page, '₦49,510.00');
    expect(besides(errors, 400, 423)).toEqual([]);
    await context.close();
  });

  it('changes the PIN on Profile with the current one', async () => {
    const agent = await registerAgent(server.url);
    const { context, page, errors } = await agentOn('/user/profile', agent);
    const section = page.getByRole('region', { name: 'Transaction PIN' });
    await section.getByRole('button', { name: 'Change PIN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change transaction PIN' });
    await dialog.getByLabel('Current PIN').fill('0000');
    await dialog.getByLabel('New PIN', { exact: true }).fill('1357');
    await dialog.getByLabel('Confirm new PIN').fill('1357');
    await dialog.getByRole('button', { name: 'Save PIN' }).click();
    await dialog.getByText('Wrong PIN. 4 tries left.', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByLabel('Current PIN').fill(AGENT_PIN);
    await dialog.getByRole('button', { name: 'Save PIN' }).click();
    await toast(page, 'Your transaction PIN has been changed');
    await dialog.waitFor({ state: 'detached' });
    expect(besides(errors, 400)).toEqual([]);
    await context.close();
  });

  it('re-checks a pending purchase from its result and from the history', async () => {
    const agent = await registerAgent(server.url);
    const { context, page, errors } = await agentOn('/services/airtime', agent);
    const dialog = await reviewAirtime(page, PENDING_PHONE);
    await enterPin(dialog);
    await dialog.getByRole('button', { name: 'Pay ₦490.00' }).click();
    await page.getByRole('heading', { name: 'Pending' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Re-check status' }).click();
    // The sandbox delivers a pending sale on its next requery: asked now, delivered now.
    await page.getByRole('heading', { name: 'Successful' }).waitFor();
    expect(await page.getByRole('button', { name: 'Re-check status' }).count()).toBe(0);
    await balanceIs(page, '₦49,510.00');

    // Another pending sale, re-checked from its detail in the history.
    await page.getByRole('button', { name: 'New purchase' }).click();
    const next = await reviewAirtime(page, PENDING_PHONE, '₦49,020.00');
    await enterPin(next);
    await next.getByRole('button', { name: 'Pay ₦490.00' }).click();
    await page.getByRole('heading', { name: 'Pending' }).waitFor();
    await page.goto('/user/transactions');
    await page.getByRole('list', { name: 'Transactions' }).getByRole('button').first().click();
    const detail = page.getByRole('dialog', { name: 'Transaction details' });
    await detail.getByRole('button', { name: 'Re-check status' }).click();
    await toast(page, 'Purchase successful');
    await detail.getByText('Successful', { exact: true }).waitFor();
    expect(await detail.getByRole('button', { name: 'Re-check status' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets the demo agent buy at once with the published PIN', async () => {
    const opened = await openPage(browser, server.url, SMALL_PHONE);
    await signIn(opened.page, DEMO_AGENT.username, DEMO_AGENT.password);
    await opened.page.goto('/services/airtime');
    await opened.page.getByRole('heading', { level: 1 }).waitFor();
    await opened.page.getByLabel('Phone number').fill('08031234567');
    await opened.page.getByRole('button', { name: '₦500' }).click();
    await opened.page.getByRole('button', { name: 'Continue' }).click();
    const dialog = opened.page.getByRole('dialog', { name: 'Confirm purchase' });
    await enterPin(dialog, DEMO_AGENT.pin);
    await dialog.getByRole('button', { name: 'Pay ₦490.00' }).click();
    await opened.page.getByRole('heading', { name: 'Successful' }).waitFor();
    expect(opened.errors).toEqual([]);
    await opened.context.close();
  });
});

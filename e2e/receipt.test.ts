import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { registerAgent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, launchChromium, openPage, PHONE } from './support/chromium';
import { fundWallet } from './support/wallet';
import { startServer, type RunningServer } from './support/server';
import { enterPin, signIn } from './support/ui';

const BRAND = 'QuickTopUp';

/** Buys ₦1,000 of prepaid electricity on the sandbox's test meter, through the screen. */
async function buyElectricity(page: Page): Promise<string> {
  await page.goto('/services/electricity');
  await page.getByLabel('Distribution company').selectOption({ label: 'Ikeja Electric (IKEDC)' });
  await page.getByLabel('Meter number').fill('1111111111111');
  await page.getByRole('button', { name: 'Verify meter' }).click();
  await page.getByText('ZAINAB NWOSU').first().waitFor();
  await page.getByLabel('Amount (₦)').fill('1000');
  await page.getByLabel('Customer phone').fill('08031234567');
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterPin(page.getByRole('dialog', { name: 'Confirm purchase' }));
  await page.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('heading', { name: 'Successful' }).waitFor();
  return page.getByTestId('token').innerText();
}

describe.skipIf(!browserAvailable)('receipts in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ BRAND_NAME: BRAND });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens the receipt of an electricity purchase: brand, token in fours, units; the PNG downloads; print shows the receipt alone', async () => {
    const agent = await registerAgent(server.url);
    await fundWallet(server.url, agent);
    const { context, page, errors } = await openPage(browser, server.url);
    await signIn(page, agent.username, agent.password);
    const token = await buyElectricity(page);
    expect(token).toMatch(/^\d{4}( \d{4}){4}$/);

    await page.getByRole('link', { name: 'Share receipt' }).click();
    await page.getByRole('heading', { name: 'Receipt', level: 1 }).waitFor();
    expect(page.url()).toMatch(/\/user\/transactions\/[^/]+\/receipt$/);
    const receipt = page.getByRole('article');
    await receipt.getByTestId('receipt-token').waitFor();
    expect(await receipt.getByTestId('receipt-token').innerText()).toBe(token);
    expect(await receipt.getByTestId('receipt-brand').innerText()).toBe(BRAND);
    const text = await receipt.innerText();
    expect(text).toContain('Payment receipt');
    expect(text).toMatch(/Units: \S+/);
    expect(text).toContain('Meter number\n1111111111111');
    expect(text).toContain('Customer\nZAINAB NWOSU');
    expect(text).toContain('Amount\n₦1,000.00');
    expect(text).toContain('Status\nSuccessful');
    // The agent's own price (₦995.00) is not the customer's business.
    expect(text).not.toContain('₦995');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The image: a real PNG file, named after the reference.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download image' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^receipt-[A-Za-z0-9_-]+\.png$/);
    const file = readFileSync(await download.path());
    expect(file.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(file.length).toBeGreaterThan(5000);
    // Width from the PNG header: the receipt at twice its CSS size, not the whole page.
    const width = file.readUInt32BE(16);
    expect(width).toBeGreaterThan(400);
    expect(width).toBeLessThanOrEqual(2 * 440 + 4);

    // Print: the receipt alone, no menu, no top bar, no title, no buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await receipt.getByTestId('receipt-token').isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
    expect(await page.getByRole('banner').isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'Receipt', level: 1 }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    const ink = await receipt.evaluate((node) => {
      const style = getComputedStyle(node);
      const token = getComputedStyle(node.querySelector('[data-testid="receipt-token"]')!);
      const box = node.getBoundingClientRect();
      return { background: style.backgroundColor, token: token.color, left: box.left, top: box.top };
    });
    expect(ink).toEqual({ background: 'rgb(255, 255, 255)', token: 'rgb(0, 0, 0)', left: 0, top: 0 });
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reaches every transaction’s receipt from the detail panel, on a phone; a funding has its own', async () => {
    const agent = await registerAgent(server.url);
    await fundWallet(server.url, agent, '20000');
    const { context, page, errors } = await openPage(browser, server.url, PHONE);
    await signIn(page, agent.username, agent.password);
    await page.goto('/user/transactions');
    await page.getByRole('list', { name: 'Transactions' }).getByRole('button').first().click();
    const panel = page.getByRole('dialog', { name: 'Transaction details' });
    await panel.getByRole('link', { name: 'View receipt' }).click();
    const receipt = page.getByRole('article');
    await receipt.getByRole('heading', { name: 'Wallet funding receipt' }).waitFor();
    expect(await receipt.innerText()).toContain('Amount\n₦20,000.00');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says a receipt is not found for an id that is not the agent’s', async () => {
    const agent = await registerAgent(server.url);
    const { context, page } = await openPage(browser, server.url);
    await signIn(page, agent.username, agent.password);
    await page.goto('/user/transactions/00000000-0000-4000-8000-000000000000/receipt');
    await page.getByRole('heading', { name: 'Receipt not found' }).waitFor();
    await context.close();
  });
});

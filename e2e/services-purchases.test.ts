import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { registerAgent, type Agent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, launchChromium, openPage } from './support/chromium';
import { fundAgent } from './support/funding';
import { startServer, type RunningServer } from './support/server';
import { enterPin, signIn, toast } from './support/ui';

/** A 360 px phone: the agent at the kiosk. */
const SMALL_PHONE = { width: 360, height: 740 } as const;

describe.skipIf(!browserAvailable)('buying services in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // The worker requeries pending orders every half second, so a pending sale settles fast.
    server = await startServer({ REQUERY_INTERVAL_MS: '500' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function agentOn(path: string, { fund = true } = {}) {
    const agent: Agent = await registerAgent(server.url);
    if (fund) await fundAgent(server.url, agent);
    const opened = await openPage(browser, server.url, SMALL_PHONE);
    await signIn(opened.page, agent.username, agent.password);
    await opened.page.goto(path);
    await opened.page.getByRole('heading', { level: 1 }).waitFor();
    await balanceIs(opened.page, fund ? '₦50,000.00' : '₦0.00');
    return opened;
  }

  async function balanceIs(page: Page, amount: string) {
    await page.getByRole('main').getByText(`Balance: ${amount}`, { exact: true }).waitFor();
  }

  async function confirm(page: Page, expected: { face: string; price: string; after: string }) {
    const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
    // The dialog asks for the balance as it opens: the figure after comes with the answer.
    await dialog.getByText(expected.after, { exact: true }).waitFor();
    const text = await dialog.innerText();
    expect(text).toContain(`Face value\n${expected.face}`);
    expect(text).toContain(`Your price\n${expected.price}`);
    expect(text).toContain(`Balance after\n${expected.after}`);
    await enterPin(dialog);
    await dialog.getByRole('button', { name: `Pay ${expected.price}` }).click();
  }

  it('buys airtime: network guessed from the number, a preset amount, the balance drops by the price', async () => {
    const { context, page, errors } = await agentOn('/services/airtime');
    await page.getByLabel('Phone number').fill('08031234567');
    expect(await page.getByRole('button', { name: 'MTN' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: '₦500' }).click();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await confirm(page, { face: '₦500.00', price: '₦490.00', after: '₦49,510.00' });
    await page.getByRole('heading', { name: 'Successful' }).waitFor();
    await balanceIs(page, '₦49,510.00');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The number is remembered for the next sale.
    await page.getByRole('button', { name: 'New purchase' }).click();
    await page.getByRole('button', { name: 'Use 08031234567' }).click();
    expect(await page.getByLabel('Phone number').inputValue()).toBe('08031234567');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('buys a data plan with its price, face value and validity', async () => {
    const { context, page, errors } = await agentOn('/services/data');
    await page.getByLabel('Phone number').fill('08051234567');
    expect(await page.getByRole('button', { name: 'Glo', exact: true }).getAttribute('aria-pressed')).toBe('true');
    // Each network wears its mark, drawn in the page; Glo SME wears Glo's.
    for (const [name, mark] of [
      ['MTN', 'mtn'],
      ['Glo', 'glo'],
      ['Airtel', 'airtel'],
      ['9mobile', '9mobile'],
      ['Glo SME', 'glo'],
    ] as const) {
      const button = page.getByRole('button', { name, exact: true });
      expect(await button.locator('svg[data-network-mark]').getAttribute('data-network-mark')).toBe(mark);
    }
    await page.getByRole('button', { name: 'MTN' }).click();
    const plan = page.getByRole('radio', { name: /^1GB · 1 day/ });
    await plan.check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await confirm(page, { face: '₦500.00', price: '₦485.00', after: '₦49,515.00' });
    await page.getByRole('heading', { name: 'Successful' }).waitFor();
    await balanceIs(page, '₦49,515.00');

    // The history shows the sale without the product's picture from another origin, which the
    // CSP would refuse (a console error on every visit).
    await page.goto('/user/transactions');
    await page.getByRole('main').getByText('−₦485.00').waitFor();
    expect(await page.getByRole('main').locator('img').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pays an electricity bill: the meter is verified first, the token is shown large with its units', async () => {
    const { context, page, errors } = await agentOn('/services/electricity');
    await page.getByLabel('Distribution company').selectOption({ label: 'Ikeja Electric (IKEDC)' });
    await page.getByLabel('Meter number').fill('9991111111111');
    await page.getByRole('button', { name: 'Verify meter' }).click();
    // Said beside the field, in the agent's words: no "meter_number: …".
    await page.getByText('Meter number is not valid', { exact: true }).waitFor();
    expect(await page.getByText('meter_number', { exact: false }).count()).toBe(0);
    await page.getByLabel('Meter number').fill('1111111111111');
    await page.getByRole('button', { name: 'Verify meter' }).click();
    await page.getByText('ZAINAB NWOSU').first().waitFor();
    await page.getByText('24 Adeola Odeku Street, Victoria Island, Lagos').waitFor();
    await page.getByLabel('Amount (₦)').fill('1000');
    await page.getByLabel('Customer phone').fill('08031234567');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await confirm(page, { face: '₦1,000.00', price: '₦995.00', after: '₦49,005.00' });
    await page.getByRole('heading', { name: 'Successful' }).waitFor();
    const token = await page.getByTestId('token').innerText();
    expect(token).toMatch(/^\d{4}( \d{4}){4}$/);
    await page.getByText(/^Units: /).waitFor();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy token' }).click();
    await toast(page, 'Token copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token.replace(/ /g, ''));
    await page.getByRole('button', { name: 'Print receipt' }).waitFor();
    // Printing shows the receipt alone: no menu, no title, no buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('token').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print receipt' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await balanceIs(page, '₦49,005.00');
    // The browser logs the wrong meter's 422 itself; nothing else may go wrong.
    expect(errors.filter((error) => !error.includes('status of 422'))).toEqual([]);
    await context.close();
  });

  it('pays a postpaid bill: no token, the customer and the address on the result', async () => {
    const { context, page, errors } = await agentOn('/services/electricity');
    await page.getByLabel('Distribution company').selectOption({ label: 'Eko Electric (EKEDC)' });
    await page.getByRole('radio', { name: 'Postpaid' }).check();
    await page.getByLabel('Meter number').fill('1010101010101');
    await page.getByRole('button', { name: 'Verify meter' }).click();
    await page.getByLabel('Amount (₦)').fill('2500');
    await page.getByLabel('Customer phone').fill('08031234567');
    await page.getByRole('button', { name: 'Continue' }).click();
    await confirm(page, { face: '₦2,500.00', price: '₦2,487.50', after: '₦47,512.50' });
    await page.getByRole('heading', { name: 'Successful' }).waitFor();
    const result = page.locator('section.purchase-receipt');
    expect(await result.getByTestId('token').count()).toBe(0);
    expect(await result.innerText()).toMatch(/Address\n\d{2} Adeola Odeku Street, Victoria Island, Lagos/);
    await balanceIs(page, '₦47,512.50');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renews a cable subscription after verifying the smartcard', async () => {
    const { context, page, errors } = await agentOn('/services/cable');
    await page.getByRole('button', { name: 'DStv' }).click();
    await page.getByLabel('Smartcard number').fill('1212121212');
    await page.getByRole('button', { name: 'Verify smartcard' }).click();
    await page.getByText('BABATUNDE ADEBAYO').first().waitFor();
    await page.getByText('DStv Yanga - ₦6,000').waitFor();
    await page.getByText('₦6,000.00').first().waitFor();
    expect(await page.getByRole('radio', { name: /^Renew DStv Yanga/ }).isChecked()).toBe(true);
    await page.getByLabel('Customer phone').fill('08031234567');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await confirm(page, { face: '₦6,000.00', price: '₦5,940.00', after: '₦44,060.00' });
    await page.getByRole('heading', { name: 'Successful' }).waitFor();
    await balanceIs(page, '₦44,060.00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes a smartcard to another bouquet at that bouquet’s price', async () => {
    const { context, page, errors } = await agentOn('/services/cable');
    await page.getByLabel('Smartcard number').fill('1212121212');
    await page.getByRole('button', { name: 'Verify smartcard' }).click();
    await page.getByText('BABATUNDE ADEBAYO').first().waitFor();
    await page.getByRole('radio', { name: 'Change bouquet' }).check();
    await page.getByLabel('New bouquet').selectOption('dstv79');
    await page.getByLabel('Customer phone').fill('08031234567');
    await page.getByRole('button', { name: 'Continue' }).click();
    await confirm(page, { face: '₦19,000.00', price: '₦18,810.00', after: '₦31,190.00' });
    await page.getByRole('heading', { name: 'Successful' }).waitFor();
    await page.getByText('DStv Compact (new bouquet)').waitFor();
    await balanceIs(page, '₦31,190.00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('buys result checker PINs and shows each serial and PIN', async () => {
    const { context, page, errors } = await agentOn('/services/result-checker');
    await page.getByLabel('Exam').selectOption({ label: 'WAEC Result Checker PIN' });
    await page.getByLabel('Quantity').fill('2');
    await page.getByLabel('Customer phone').fill('08031234567');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await confirm(page, { face: '₦7,800.00', price: '₦7,722.00', after: '₦42,278.00' });
    await page.getByRole('heading', { name: 'Successful' }).waitFor();
    const table = page.getByRole('table', { name: '2 PINs' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
    await page.getByRole('button', { name: 'Copy all PINs' }).waitFor();
    await balanceIs(page, '₦42,278.00');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('buys a JAMB PIN for a verified candidate profile ID and shows the PIN', async () => {
    const { context, page, errors } = await agentOn('/services/result-checker');
    await page.getByLabel('Exam').selectOption({ label: 'JAMB PIN (UTME and Direct Entry)' });
    await page.getByLabel('Type').selectOption('utme');
    // One PIN per candidate: no quantity to choose.
    expect(await page.getByLabel('Quantity').count()).toBe(0);
    await page.getByLabel('Profile ID').fill('9990000001');
    await page.getByRole('button', { name: 'Verify profile ID' }).click();
    await page.getByText(/^We could not find this profile ID/).waitFor();
    await page.getByLabel('Profile ID').fill('0123456789');
    await page.getByRole('button', { name: 'Verify profile ID' }).click();
    await page.getByText('ZAINAB OKAFOR').first().waitFor();
    await page.getByLabel('Customer phone').fill('08031234567');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
    expect(await dialog.innerText()).toMatch(/Profile ID\n0123456789[\s\S]*Candidate\nZAINAB OKAFOR/);
    await confirm(page, { face: '₦7,700.00', price: '₦7,623.00', after: '₦42,377.00' });
    await page.getByRole('heading', { name: 'Successful' }).waitFor();
    const pin = await page.getByTestId('pin').innerText();
    expect(pin).toMatch(/^\d{16}$/);
    expect(await page.locator('section.purchase-receipt').innerText()).toMatch(/Profile ID\n0123456789/);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy PIN' }).click();
    await toast(page, 'PIN copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pin);
    await balanceIs(page, '₦42,377.00');

    // The shared receipt keeps the PIN.
    await page.getByRole('link', { name: 'Share receipt' }).click();
    expect(await page.getByTestId('receipt-pin').innerText()).toBe(pin);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The browser logs the unknown profile's 422 itself; nothing else may go wrong.
    expect(errors.filter((error) => !error.includes('status of 422'))).toEqual([]);
    await context.close();
  });

  it('shows a failed purchase with its refund, and the balance is restored', async () => {
    const { context, page } = await agentOn('/services/airtime');
    await page.getByLabel('Phone number').fill('08000000000');
    await page.getByRole('button', { name: 'Airtel' }).click();
    await page.getByRole('button', { name: '₦1,000' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await confirm(page, { face: '₦1,000.00', price: '₦980.00', after: '₦49,020.00' });
    await page.getByRole('heading', { name: 'Failed' }).waitFor();
    await page.getByText('₦980.00 has been refunded to your wallet.').waitFor();
    await balanceIs(page, '₦50,000.00');
    await context.close();
  });

  it('says by how much the balance is short and offers Fund wallet instead of Pay', async () => {
    const { context, page } = await agentOn('/services/airtime', { fund: false });
    await page.getByLabel('Phone number').fill('08031234567');
    await page.getByRole('button', { name: '₦500' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
    await dialog.getByText('Your balance of ₦0.00 is short of ₦490.00 for this purchase.', { exact: false }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Pay ₦490.00' }).count()).toBe(0);
    await dialog.getByRole('link', { name: 'Fund wallet' }).waitFor();
    await context.close();
  });

  it('shows the server message when a stale balance let the agent pay, and charges nothing', async () => {
    const { context, page } = await agentOn('/services/airtime', { fund: false });
    // The balance on screen is stale (it says ₦50,000.00); the server knows better.
    await page.route('**/api/v1/agent/wallet/balance', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { data: { availableBalance: string } };
      await route.fulfill({
        response: answer,
        json: { ...body, data: { ...body.data, availableBalance: '50000.00' } },
      });
    });
    await page.reload();
    await balanceIs(page, '₦50,000.00');
    await page.getByLabel('Phone number').fill('08031234567');
    await page.getByRole('button', { name: '₦500' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
    // Stale even when the dialog asks again (a sale through the API between the two): Pay is
    // offered, and the server, which holds the real balance, refuses.
    await dialog.getByText('₦49,510.00', { exact: true }).waitFor();
    await page.unroute('**/api/v1/agent/wallet/balance');
    await enterPin(dialog);
    await dialog.getByRole('button', { name: 'Pay ₦490.00' }).click();
    await toast(page, 'Your wallet balance is not enough for this.');
    await dialog.waitFor({ state: 'detached' });
    await balanceIs(page, '₦0.00');
    await context.close();
  });

  it('retries a purchase whose answer was lost with the same requestId, and charges once', async () => {
    const { context, page } = await agentOn('/services/airtime');
    const sent: string[] = [];
    let dropped = false;
    await page.route('**/api/v1/agent/purchases', async (route) => {
      sent.push((route.request().postDataJSON() as { requestId: string }).requestId);
      if (dropped) return route.continue();
      // The server takes the order and charges; the answer is lost on the way back.
      dropped = true;
      await route.fetch();
      return route.abort('connectionreset');
    });
    await page.getByLabel('Phone number').fill('08031234567');
    await page.getByRole('button', { name: '₦1,000' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await confirm(page, { face: '₦1,000.00', price: '₦980.00', after: '₦49,020.00' });
    await toast(page, 'Network error: the server could not be reached.');
    const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
    await dialog.getByText('Trying again is safe: you will not be charged twice.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Successful' }).waitFor();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
    await balanceIs(page, '₦49,020.00');
    await context.close();
  });

  it('follows a pending purchase live until it is delivered', async () => {
    const { context, page } = await agentOn('/services/airtime');
    await page.getByLabel('Phone number').fill('08012010000');
    await page.getByRole('button', { name: 'MTN' }).click();
    await page.getByRole('button', { name: '₦200' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await confirm(page, { face: '₦200.00', price: '₦196.00', after: '₦49,804.00' });
    await page.getByRole('heading', { name: 'Pending' }).waitFor();
    await page.getByRole('heading', { name: 'Successful' }).waitFor({ timeout: 30_000 });
    await balanceIs(page, '₦49,804.00');
    await context.close();
  });
});

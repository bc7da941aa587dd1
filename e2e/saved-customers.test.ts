import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { registerAgent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, DESKTOP, launchChromium, openPage } from './support/chromium';
import { fundAgent } from './support/funding';
import { startServer, type RunningServer } from './support/server';
import { besides, enterPin, signIn, storedSession, toast } from './support/ui';

/** A 360 px phone: the agent at the kiosk. */
const SMALL_PHONE = { width: 360, height: 740 } as const;

describe.skipIf(!browserAvailable)('saved customers in the browser', () => {
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

  async function agentOn(path: string, viewport: { width: number; height: number } = SMALL_PHONE, fund = false) {
    const agent = await registerAgent(server.url);
    if (fund) await fundAgent(server.url, agent);
    const opened = await openPage(browser, server.url, viewport);
    await signIn(opened.page, agent.username, agent.password);
    await opened.page.goto(path);
    await opened.page.getByRole('heading', { level: 1 }).waitFor();
    return opened;
  }

  async function addCustomer(page: Page, fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
    await page.getByRole('button', { name: 'Add customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save customer' });
    await fill(dialog);
    await dialog.getByRole('button', { name: 'Save' }).click();
  }

  function savedList(page: Page) {
    return page.getByRole('list', { name: 'Saved customers' });
  }

  /** Each row's text, a line per paragraph. */
  async function rowsOf(page: Page) {
    const texts = await savedList(page).getByRole('listitem').allInnerTexts();
    return texts.map((text) => text.replace(/\s*\n\s*/g, '\n').trim());
  }

  it('adds a phone, a meter and a smartcard on a phone, searches them, renames one and removes one', async () => {
    const { context, page, errors } = await agentOn('/user/customers');
    await page.getByText('No saved customers yet').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The form's own checks, in the agent's words, before anything is sent.
    await addCustomer(page, async (dialog) => {
      await dialog.getByLabel('Phone number').fill('0803');
    });
    const dialog = page.getByRole('dialog', { name: 'Save customer' });
    await dialog.getByText('Enter a Nigerian mobile number, like 08031234567').waitFor();
    await dialog.getByText('Name is required').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByLabel('Phone number').fill('08031234567');
    await dialog.getByLabel('Customer name').fill('Mama Tunde');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved Mama Tunde');

    await addCustomer(page, async (form) => {
      await form.getByRole('radio', { name: 'Meter' }).check();
      await form.getByLabel('Meter number').fill('1111111111111');
      await form.getByLabel('Distribution company').selectOption({ label: 'Ikeja Electric (IKEDC)' });
      await form.getByLabel('Customer name').fill('Bola shop');
    });
    await toast(page, 'Saved Bola shop');

    await addCustomer(page, async (form) => {
      await form.getByRole('radio', { name: 'Smartcard' }).check();
      await form.getByLabel('Smartcard number').fill('1212121212');
      await form.getByLabel('TV provider').selectOption({ label: 'DStv' });
      await form.getByLabel('Customer name').fill('Chidi');
    });
    await toast(page, 'Saved Chidi');

    const list = savedList(page);
    await list.getByText('Chidi').waitFor();
    expect(await rowsOf(page)).toEqual([
      'Bola shop\nMeter 1111111111111 · Ikeja Electric (IKEDC), prepaid',
      'Chidi\nSmartcard 1212121212 · DStv',
      'Mama Tunde\nPhone 08031234567',
    ]);

    // The same number again is refused beside the field, naming what it was saved as.
    await addCustomer(page, async (form) => {
      await form.getByLabel('Phone number').fill('+2348031234567');
      await form.getByLabel('Customer name').fill('Tunde again');
    });
    await dialog.getByText('You already saved this number as “Mama Tunde”').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Searched on the server, by name or by number.
    await page.getByLabel('Search by name or number').fill('1212');
    await list.getByText('Bola shop').waitFor({ state: 'detached' });
    await list.getByText('Chidi').waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    await page.getByLabel('Search by name or number').fill('nobody');
    await page.getByText('Nobody saved matches “nobody”.').waitFor();
    await page.getByLabel('Search by name or number').fill('');
    await page.getByRole('button', { name: 'Meters' }).click();
    await list.getByText('Chidi').waitFor({ state: 'detached' });
    await list.getByText('Bola shop').waitFor();
    expect(await rowsOf(page)).toEqual(['Bola shop\nMeter 1111111111111 · Ikeja Electric (IKEDC), prepaid']);
    await page.getByRole('button', { name: 'All' }).click();

    await page.getByRole('button', { name: 'Rename Chidi' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Chidi' });
    await rename.getByLabel('Customer name').fill('Chidi (DStv)');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await list.getByText('Chidi (DStv)').waitFor();

    await page.getByRole('button', { name: 'Remove Mama Tunde' }).click();
    await page.getByRole('dialog', { name: 'Remove Mama Tunde?' }).getByRole('button', { name: 'Remove' }).click();
    await toast(page, 'Customer removed');
    await list.getByText('Mama Tunde').waitFor({ state: 'detached' });
    await list.getByText('Chidi (DStv)').waitFor();
    expect(await rowsOf(page)).toEqual([
      'Bola shop\nMeter 1111111111111 · Ikeja Electric (IKEDC), prepaid',
      'Chidi (DStv)\nSmartcard 1212121212 · DStv',
    ]);

    // Nothing is wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width);
    // The refused duplicate is the only error.
    expect(besides(errors, 409)).toEqual([]);
    await context.close();
  });

  it('fills a purchase from a saved customer: a meter is verified again at once, a number brings its network', async () => {
    const agent = await registerAgent(server.url);
    const opened = await openPage(browser, server.url, SMALL_PHONE);
    const { context, page, errors } = opened;
    await signIn(page, agent.username, agent.password);
    const token = (await storedSession(page))!.token;
    for (const body of [
      { kind: 'meter', name: 'Bola shop', number: '1111111111111', disco: 'ikeja-electric', meterType: 'prepaid' },
      { kind: 'phone', name: 'Ngozi', number: '08051234567', network: 'mtn' },
    ]) {
      const saved = await fetch(`${server.url}/api/v1/agent/saved-customers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(saved.status).toBe(201);
    }

    await page.goto('/services/electricity');
    await page.getByRole('button', { name: 'Saved customers' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a saved meter' });
    // Only meters are offered here.
    await picker.getByText('Bola shop').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await picker.getByText('Ngozi').count()).toBe(0);
    await picker.getByRole('button', { name: /Bola shop/ }).click();
    await page.getByText('ZAINAB NWOSU').first().waitFor();
    expect(await page.getByLabel('Meter number').inputValue()).toBe('1111111111111');
    expect(await page.getByLabel('Distribution company').inputValue()).toBe('ikeja-electric');

    await page.goto('/services/airtime');
    await page.getByRole('button', { name: 'Saved customers' }).click();
    await page.getByRole('dialog', { name: 'Choose a saved number' }).getByRole('button', { name: /Ngozi/ }).click();
    expect(await page.getByLabel('Phone number').inputValue()).toBe('08051234567');
    // Saved as MTN (a ported Glo number): the saved network, not the guess from the prefix.
    expect(await page.getByRole('button', { name: 'MTN' }).getAttribute('aria-pressed')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves the customer of a sale from its result, and offers them on the next sale', async () => {
    const { context, page, errors } = await agentOn('/services/airtime', SMALL_PHONE, true);
    await page.getByLabel('Phone number').fill('08031234567');
    await page.getByRole('button', { name: '₦500' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
    await enterPin(confirm);
    await confirm.getByRole('button', { name: 'Pay ₦490.00' }).click();
    await page.getByRole('heading', { name: 'Successful' }).waitFor();

    await page.getByRole('button', { name: 'Save customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save customer' });
    await dialog.getByText('Phone 08031234567 · MTN').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByLabel('Customer name').fill('Iya Bisi');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved Iya Bisi');

    await page.getByRole('button', { name: 'New purchase' }).click();
    await page.getByRole('button', { name: 'Saved customers' }).click();
    await page.getByRole('dialog', { name: 'Choose a saved number' }).getByText('Iya Bisi').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('passes axe on the list with its dialogs at desktop width', async () => {
    const { context, page, errors } = await agentOn('/user/customers', DESKTOP);
    await addCustomer(page, async (form) => {
      await form.getByLabel('Phone number').fill('08031234567');
      await form.getByLabel('Customer name').fill('Mama Tunde');
    });
    await savedList(page).getByText('Mama Tunde').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add customer' }).click();
    await page.getByRole('dialog', { name: 'Save customer' }).getByRole('radio', { name: 'Meter' }).check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

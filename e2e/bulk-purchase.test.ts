import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { registerAgent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, launchChromium, openPage } from './support/chromium';
import { fundAgent } from './support/funding';
import { startServer, type RunningServer } from './support/server';
import { enterPin, signIn, storedSession } from './support/ui';

/** A 360 px phone: the agent at the kiosk. */
const SMALL_PHONE = { width: 360, height: 740 } as const;

describe.skipIf(!browserAvailable)('bulk purchase in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // A slow upstream, so the progress is seen before the answers (and a reload lands mid-way).
    server = await startServer({ SANDBOX_LATENCY_MS: '1500' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('checks pasted numbers, lets a network be chosen, pays once with the PIN, survives a reload and downloads the results', async () => {
    const agent = await registerAgent(server.url);
    await fundAgent(server.url, agent);
    const { page, errors } = await openPage(browser, server.url, SMALL_PHONE);
    await signIn(page, agent.username, agent.password);
    const balanceOf = async () => {
      const session = await storedSession(page);
      const answer = await fetch(`${server.url}/api/v1/agent/wallet/balance`, {
        headers: { authorization: `Bearer ${session!.token}` },
      });
      return ((await answer.json()) as { data: { availableBalance: string } }).data.availableBalance;
    };
    const before = await balanceOf();
    await page.goto('/user/bulk');
    await page.getByRole('heading', { level: 1, name: 'Bulk purchase' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page
      .getByLabel('Phone numbers')
      .fill(['08031234567', '08051234567,200', '07021234567', '12345', '0803 123 4567'].join('\n'));
    const rows = page.getByRole('list', { name: 'Numbers to buy for' });
    const row = (n: number) => rows.getByRole('listitem', { name: `Row ${n}` });
    await row(1).getByText('₦100.00 airtime, you pay ₦98.00').waitFor();
    await row(3).getByText('Unknown network: choose it').waitFor();
    await row(4).getByText('Not a Nigerian mobile number').waitFor();
    await row(5).getByText('Same as row 1').waitFor();
    expect(await page.getByLabel('Network, row 2').inputValue()).toBe('glo');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Numbers are portable: the agent says which network the third one is on.
    await page.getByLabel('Network, row 3').selectOption('airtel');
    await row(3)
      .getByText(/^₦100\.00 airtime/)
      .waitFor();
    const summary = await page.locator('dl').last().innerText();
    expect(summary.replace(/\s*\n\s*/g, '|')).toContain('Numbers to buy for|3|Left out|2|Face value|₦400.00');

    await page.getByRole('button', { name: 'Review and pay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
    await dialog.getByText('3 × airtime').waitFor();
    await enterPin(dialog);
    await dialog.getByRole('button', { name: /^Pay/ }).click();

    await page.waitForURL(/\/user\/bulk\/[0-9a-f-]{36}$/);
    const batchUrl = page.url();
    await page.getByRole('progressbar', { name: 'Progress of the bulk purchase' }).waitFor();

    // A reload (or a lost connection) comes back to the same batch: nothing is bought again.
    await page.reload();
    expect(page.url()).toBe(batchUrl);
    await page.getByText('Finished: 3 successful, 0 failed.').waitFor({ timeout: 30_000 });
    const results = page.getByRole('list', { name: 'Results by number' });
    expect(await results.getByRole('listitem').count()).toBe(3);
    await results.getByRole('listitem', { name: 'Row 3' }).getByText('07021234567 · Airtel').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download results' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^bulk-purchase-[0-9a-f]{8}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\n');
    expect(csv[0]).toBe('row,phone,network,amount,plan,status,charged,price,requestId,message');
    expect(csv).toHaveLength(4);
    expect(csv[2]).toMatch(/^2,08051234567,glo,200\.00,,delivered,yes,/);

    // Paid once: ₦98 + ₦98 and the Glo ₦200 at its discount.
    const spent = Number(before) - Number(await balanceOf());
    expect(spent).toBeGreaterThan(390);
    expect(spent).toBeLessThan(400);
    expect(errors).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { registerAgent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, DESKTOP, launchChromium, openPage, PHONE } from './support/chromium';
import { addFundingAccount, pendingRequestId, rejectFunding, signInOperator, type Operator } from './support/operator';
import { startServer, type RunningServer } from './support/server';
import { signIn, toast } from './support/ui';

const FUNDING_REQUESTS_PATH = '/api/v1/agent/funding-requests';
/** A real 1×1 PNG: the server checks the proof by its content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.skipIf(!browserAvailable)('fund wallet in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let operator: Operator;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    operator = await signInOperator(server.url);
    await addFundingAccount(operator, { chargeFlat: '50', minimum: '1000' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows where to transfer with a copy button, and reports a transfer with a proof', async () => {
    const agent = await registerAgent(server.url);
    const { context, page, errors } = await openPage(browser, server.url, PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const sent: { proof?: { fileName: string; contentBase64: string } }[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === FUNDING_REQUESTS_PATH && request.method() === 'POST') {
        sent.push(request.postDataJSON() as { proof?: { fileName: string; contentBase64: string } });
      }
    });
    await signIn(page, agent.username, agent.password);
    await page.goto('/wallet/fund');
    await page.getByRole('heading', { name: 'Fund Wallet', level: 1 }).waitFor();
    await page.getByText('0123456785', { exact: true }).waitFor();
    await page.getByText('AgentDesk Collections').waitFor();
    await page.getByText('Charge: ₦50.00 · Minimum: ₦1,000.00').waitFor();
    await page.getByRole('button', { name: 'Copy GTBank account number' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('0123456785');
    await page.getByText('No transfers reported yet.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The demo's own account is listed too: the agent picks the one they paid into.
    await page.getByLabel('Account you paid into').selectOption({ label: 'GTBank · 0123456785' });

    // Checked before sending: the form's own rules and the account's minimum.
    await page.getByRole('button', { name: 'Submit report' }).click();
    await page.getByText('Enter an amount in naira, like 1500 or 1500.50').waitFor();
    await page.getByText('Sender name is required').waitFor();
    await page.getByLabel('Amount sent (₦)').fill('500');
    await page.getByRole('button', { name: 'Submit report' }).click();
    await page.getByText('The minimum for this account is ₦1,000.00').waitFor();

    // A proof over 2 MB is refused at once, before it is read or sent.
    const proof = page.getByLabel('Proof of transfer (optional)');
    // The visible control is the file input's <label>: no role a label may not have (axe
    // aria-allowed-role), and the input is the one tab stop.
    const proofLabel = page.locator('label[for="funding-proof"]');
    expect(await proofLabel.getAttribute('role')).toBeNull();
    expect(await proof.evaluate((input) => input.tagName)).toBe('INPUT');
    await proof.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(3 * 1024 * 1024, 1) });
    await page.getByText('This file is 3.0 MB: the limit is 2 MB').waitFor();
    await proof.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('receipt.png (1 KB)').waitFor();
    expect(sent).toEqual([]);

    await page.getByLabel('Amount sent (₦)').fill('5000');
    await page.getByLabel('Sender name').fill('Ada Okafor');
    await page.getByLabel('Transfer reference').fill('TRF-2026-77');
    await page.getByRole('button', { name: 'Submit report' }).click();
    const reports = page.getByRole('list', { name: 'Reported transfers' });
    await reports.getByText('Ref TRF-2026-77 · GTBank').waitFor();
    await reports.getByText('Pending').waitFor();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.proof).toEqual({ fileName: 'receipt.png', contentBase64: PNG.toString('base64') });
    // The form is ready for the next report.
    expect(await page.getByLabel('Transfer reference').inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a rejected report with the reason the operator gave', async () => {
    const agent = await registerAgent(server.url);
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await signIn(page, agent.username, agent.password);
    await page.goto('/wallet/fund');
    await page.getByLabel('Amount sent (₦)').fill('2500');
    await page.getByLabel('Sender name').fill('Ada Okafor');
    await page.getByLabel('Transfer reference').fill('TRF-REJECT-1');
    await page.getByRole('button', { name: 'Submit report' }).click();
    const reports = page.getByRole('list', { name: 'Reported transfers' });
    await reports.getByText('Pending').waitFor();

    await rejectFunding(operator, await pendingRequestId(operator, 'TRF-REJECT-1'), 'No such transfer reached us');
    await page.reload();
    await reports.getByText('Rejected').waitFor();
    await reports.getByText('Reason: No such transfer reached us').waitFor();
    expect(await page.getByText('₦0.00').count()).toBeGreaterThan(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the server’s message when the report is refused', async () => {
    const agent = await registerAgent(server.url);
    const { context, page } = await openPage(browser, server.url, DESKTOP);
    await signIn(page, agent.username, agent.password);
    await page.route(`**${FUNDING_REQUESTS_PATH}`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: '{"message":"You already reported this transfer","code":"CONFLICT"}',
          })
        : route.continue(),
    );
    await page.goto('/wallet/fund');
    await page.getByLabel('Amount sent (₦)').fill('2500');
    await page.getByLabel('Sender name').fill('Ada Okafor');
    await page.getByLabel('Transfer reference').fill('TRF-DUP-1');
    await page.getByRole('button', { name: 'Submit report' }).click();
    await toast(page, 'You already reported this transfer');
    expect(await page.getByLabel('Transfer reference').inputValue()).toBe('TRF-DUP-1');
    await context.close();
  });
});

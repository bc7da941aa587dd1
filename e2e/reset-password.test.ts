import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { RESET_REQUESTED_MESSAGE } from '@agentdesk/contract/auth/reset-password';
import { apiLoginStatus, latestResetCode, registerAgent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, launchChromium, openPage, PHONE } from './support/chromium';
import { startServer, type RunningServer } from './support/server';
import { pathOf, signIn, toast } from './support/ui';

describe.skipIf(!browserAvailable)('password reset in the browser, through the development outbox', () => {
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

  it('resets a forgotten password end to end and signs in with the new one', async () => {
    const agent = await registerAgent(server.url);
    const { context, page, errors } = await openPage(browser, server.url, PHONE);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot password?' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByLabel('Email or phone number').fill(agent.phone);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await toast(page, RESET_REQUESTED_MESSAGE);
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    expect(pathOf(page)).toBe('/otp-reset-password');
    // The identifier was carried over in the auth state: it is not asked again.
    await page.getByText(`code to the email address of ${agent.phone}`).waitFor();
    expect(await page.getByLabel('Email or phone number').count()).toBe(0);

    const code = await latestResetCode(server.url, agent.email);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('6-digit code').fill(wrong);
    await page.getByRole('button', { name: 'Verify code' }).click();
    await page.locator('.Toastify__toast--error').waitFor();
    expect(pathOf(page)).toBe('/otp-reset-password');

    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Verify code' }).click();
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    expect(pathOf(page)).toBe('/complete-reset-password');

    await page.getByLabel('New password', { exact: true }).fill('ResetPass#2026');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Different#2026');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Passwords do not match').waitFor();

    await page.getByLabel('Confirm new password', { exact: true }).fill('ResetPass#2026');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL('**/login');
    await page.locator('.Toastify__toast--success').last().waitFor();

    expect(await apiLoginStatus(server.url, agent.username, agent.password)).toBe(401);
    await signIn(page, agent.email, 'ResetPass#2026');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    // Only the wrong code's answer (400) may have been logged.
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    await context.close();
  });

  it('explains the last step when it is opened without a verified code', async () => {
    const { context, page } = await openPage(browser, server.url);
    await page.goto('/complete-reset-password');
    await page.getByText('This step needs a verified code.').waitFor();
    await page.getByRole('link', { name: 'Request a reset code' }).click();
    await page.getByRole('heading', { name: 'Forgot password?' }).waitFor();
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiLoginStatus, registerAgent, type Agent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, launchChromium, openPage } from './support/chromium';
import { startServer, type RunningServer } from './support/server';
import { pathOf, signIn, toast } from './support/ui';

const CHANGE_PASSWORD_PATH = '/api/v1/agent/auth/change-password';

describe.skipIf(!browserAvailable)('profile and change password in the browser', () => {
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

  async function openProfile(agent: Agent) {
    const opened = await openPage(browser, server.url);
    await signIn(opened.page, agent.username, agent.password);
    await opened.page.getByRole('button', { name: /account menu/ }).click();
    await opened.page.getByRole('menuitem', { name: 'Profile' }).click();
    await opened.page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    return opened;
  }

  function countCalls(page: Page, path: string) {
    const calls = { count: 0 };
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === path) calls.count += 1;
    });
    return calls;
  }

  /** What the server answers to a wrong old password, asked directly for another agent. */
  async function wrongOldPasswordMessage(): Promise<string> {
    const other = await registerAgent(server.url);
    const login = await fetch(`${server.url}/api/v1/agent/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: other.username, password: other.password }),
    });
    const { data } = (await login.json()) as { data: { authorization: { token: string } } };
    const answer = await fetch(`${server.url}${CHANGE_PASSWORD_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${data.authorization.token}` },
      body: JSON.stringify({ oldPassword: 'not-my-password', newPassword: 'SecondPass#2026' }),
    });
    expect(answer.status).toBe(400);
    return ((await answer.json()) as { message: string }).message;
  }

  it('shows the avatar, name, username, phone and email', async () => {
    const agent = await registerAgent(server.url);
    const { context, page, errors } = await openProfile(agent);
    expect(pathOf(page)).toBe('/user/profile');
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: `${agent.firstName} ${agent.lastName}` }).waitFor();
    await main.getByText('AO', { exact: true }).waitFor();
    await main.getByText(agent.username, { exact: true }).waitFor();
    await main.getByText(agent.phone, { exact: true }).waitFor();
    await main.getByText(agent.email, { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('validates the change-password panel, warns on a mismatch without calling, and keeps it open on failure', async () => {
    const agent = await registerAgent(server.url);
    const { context, page } = await openProfile(agent);
    const calls = countCalls(page, CHANGE_PASSWORD_PATH);

    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.waitFor();
    expect((await dialog.boundingBox())?.width).toBe(400);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await dialog.getByText('Your old is Required', { exact: true }).waitFor();
    await dialog.getByText('New password is required', { exact: true }).waitFor();
    await dialog.getByText('Confirm new password is required', { exact: true }).waitFor();

    await dialog.getByLabel('Old Password', { exact: true }).fill(agent.password);
    await dialog.getByLabel('New Password', { exact: true }).fill('SecondPass#2026');
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill('SomethingElse#2026');
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await toast(page, 'Please check the input new password and confirm password are not the same');
    expect(calls.count).toBe(0);

    // A wrong old password: the server's message, the panel stays open and usable.
    const serverMessage = await wrongOldPasswordMessage();
    await dialog.getByLabel('Old Password', { exact: true }).fill('not-my-password');
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill('SecondPass#2026');
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await toast(page, serverMessage);
    expect(calls.count).toBe(1);
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Update Password' }).isEnabled()).toBe(true);
    expect(await apiLoginStatus(server.url, agent.username, agent.password)).toBe(200);
    await context.close();
  });

  it('changes the password: success toast, panel closed, the new password works', async () => {
    const agent = await registerAgent(server.url);
    const { context, page } = await openProfile(agent);
    let successMessage = '';
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === CHANGE_PASSWORD_PATH && response.ok()) {
        void response.json().then((body: { message: string }) => (successMessage = body.message));
      }
    });

    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Old Password', { exact: true }).fill(agent.password);
    await dialog.getByLabel('New Password', { exact: true }).fill('SecondPass#2026');
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill('SecondPass#2026');
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => successMessage).not.toBe('');
    await toast(page, successMessage);

    expect(await apiLoginStatus(server.url, agent.username, 'SecondPass#2026')).toBe(200);
    expect(await apiLoginStatus(server.url, agent.username, agent.password)).toBe(401);
    // This device stays signed in.
    await page.reload();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await context.close();
  });

  it('logs out with the Log Out button', async () => {
    const agent = await registerAgent(server.url);
    const { context, page } = await openProfile(agent);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await toast(page, 'You have Logout');
    await page.waitForURL('**/login');
    await context.close();
  });
});

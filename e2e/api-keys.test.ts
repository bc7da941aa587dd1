import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { registerAgent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, launchChromium, openPage, PHONE } from './support/chromium';
import { startServer, type RunningServer } from './support/server';
import { signIn } from './support/ui';

describe.skipIf(!browserAvailable)('API keys in the browser', () => {
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

  /** The reseller API, called the way an agent's own software would. */
  async function resellerBalance(key: string) {
    const response = await fetch(`${server.url}/api/v1/reseller/balance`, {
      headers: { authorization: `Bearer ${key}` },
    });
    return { status: response.status, body: (await response.json()) as { message: string; data?: unknown } };
  }

  it('generates a key shown once with a copy button, the key works on the reseller API, and stops at revoke', async () => {
    const agent = await registerAgent(server.url);
    const { context, page, errors } = await openPage(browser, server.url, PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, agent.username, agent.password);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'API Keys' }).click();
    await page.getByRole('heading', { name: 'API Keys', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/developer/api-keys');
    await page.getByRole('heading', { name: 'No API keys yet' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // From the keyboard.
    await page.getByRole('button', { name: 'Generate key' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Your new API key' });
    await dialog.waitFor();
    await dialog.getByText(/You will not see it again/).waitFor();
    const secret = (await dialog.getByTestId('new-api-key').textContent())!;
    expect(secret).toMatch(/^adk_[A-Za-z0-9_-]{43}$/);
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(375);
    // Checked before the copy: its tooltip fading in is half-transparent for a moment.
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Copy API key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Shown once: the page now holds only the prefix.
    const list = page.getByRole('list', { name: 'API keys' });
    await list.getByText(`${secret.slice(0, 12)}…`).waitFor();
    await list.getByText('Active', { exact: true }).waitFor();
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await list.getByText(`${secret.slice(0, 12)}…`).waitFor();
    expect(await page.content()).not.toContain(secret);

    // The key works where agents' software will use it.
    const ok = await resellerBalance(secret);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ availableBalance: '0.00' });

    // An allow-list without this machine's address refuses it; emptied, it allows any again.
    await list.getByRole('button', { name: 'Allowed IPs of Key 1' }).click();
    const ips = page.getByRole('dialog', { name: 'Allowed IP addresses for Key 1' });
    await ips.getByLabel('Allowed IP addresses').fill('203.0.113.7');
    await ips.getByRole('button', { name: 'Save addresses' }).click();
    await ips.waitFor({ state: 'detached' });
    await list.getByText('203.0.113.7', { exact: true }).waitFor();
    const refused = await resellerBalance(secret);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('127.0.0.1');
    await list.getByRole('button', { name: 'Allowed IPs of Key 1' }).click();
    await ips.getByLabel('Allowed IP addresses').fill('');
    await ips.getByRole('button', { name: 'Save addresses' }).click();
    await ips.waitFor({ state: 'detached' });
    await list.getByText('Any address', { exact: true }).waitFor();
    expect((await resellerBalance(secret)).status).toBe(200);

    // A 360 px phone: nothing runs off the side.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await list.getByRole('button', { name: 'Revoke Key 1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key?' });
    await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await list.getByText('Revoked', { exact: true }).waitFor();
    expect(await list.getByRole('button', { name: 'Revoke Key 1' }).count()).toBe(0);

    const revoked = await resellerBalance(secret);
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toBe('This API key has been revoked');
    expect(errors).toEqual([]);
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { registerAgent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, DESKTOP, launchChromium, openPage, PHONE } from './support/chromium';
import { signInOperator, type Operator } from './support/operator';
import { startServer, type RunningServer } from './support/server';
import { signIn } from './support/ui';

describe.skipIf(!browserAvailable)('notifications in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let operator: Operator;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    operator = await signInOperator(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function broadcast(title: string, body = `${title}: details for every agent.`) {
    const { status } = await operator.call('POST', '/api/v1/admin/notifications', { title, body });
    expect(status).toBe(201);
  }

  const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

  it('shows the unread count, marks one read on click and all read at once', async () => {
    const agent = await registerAgent(server.url);
    await broadcast('Data prices reduced');
    await broadcast('Maintenance tonight');
    await broadcast('New: exam PINs');

    const { context, page, errors } = await openPage(browser, server.url, PHONE);
    await signIn(page, agent.username, agent.password);
    await page.getByRole('button', { name: 'Notifications, 3 unread' }).waitFor();
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const items = panel.getByRole('list', { name: 'Notifications' }).getByRole('button');
    await items.nth(2).waitFor();
    // Newest first, unread ones say so to a screen reader too.
    expect(await items.allTextContents()).toEqual([
      expect.stringMatching(/^Unread: New: exam PINs/),
      expect.stringMatching(/^Unread: Maintenance tonight/),
      expect.stringMatching(/^Unread: Data prices reduced/),
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await items.nth(1).click();
    // The open panel hides the page behind it from assistive technology, the bell included.
    await page.getByRole('button', { name: 'Notifications, 2 unread', includeHidden: true }).waitFor();
    await expect.poll(() => items.nth(1).textContent()).toMatch(/^Maintenance tonight/);

    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Notifications', exact: true, includeHidden: true }).waitFor();
    await expect.poll(() => panel.getByText('Unread:').count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);

    await panel.getByRole('button', { name: 'Close notifications' }).click();
    await panel.waitFor({ state: 'detached' });
    // The server kept it: a reload shows no unread count.
    await page.reload();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    // The bell fits the top bar of the smallest phones without a sideways scroll.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads older notifications on demand', async () => {
    const agent = await registerAgent(server.url);
    for (let index = 1; index <= 12; index++) await broadcast(`Notice ${index}`);
    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await signIn(page, agent.username, agent.password);
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const items = panel.getByRole('list', { name: 'Notifications' }).getByRole('button');
    await items.nth(9).waitFor();
    // Scrolling the panel may already load it; otherwise the button does.
    const more = panel.getByRole('button', { name: 'Load more notifications' });
    if (await more.isVisible()) await more.click({ timeout: 3000 }).catch(() => undefined);
    // 12 notices plus the three of the first test: every broadcast reaches every agent.
    await expect.poll(() => items.count()).toBeGreaterThan(10);
    await expect
      .poll(async () => (await items.allTextContents()).some((text) => text.includes('Notice 1:')))
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

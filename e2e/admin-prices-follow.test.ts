import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, DESKTOP, launchChromium, openPage } from './support/chromium';
import { signInOperator, type Operator } from './support/operator';
import { DEMO_OPERATOR, startServer, type RunningServer } from './support/server';
import { pathOf } from './support/ui';

/** The small phone (e2e/support/chromium.ts's PHONE is 375 px wide). */
const SMALL_PHONE = { width: 360, height: 740 } as const;

/** The built-in Clubkonnect sandbox's keys when its variables are not set (config.ts). */
const CLUBKONNECT = { userId: 'CK100000001', apiKey: 'sandbox-clubkonnect-key' } as const;

/**
 * Prices that follow the upstream in the console (docs/decisions/041): a plan switched off by an
 * upstream's cost shows why, and the owner switches it back on; an editor chooses how a level's
 * prices follow the upstream's.
 */
describe.skipIf(!browserAvailable)('prices that follow the upstream, in the console', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: Operator;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    owner = await signInOperator(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openConsole(page: Page, path: string, heading: string) {
    await page.goto(path);
    await page.getByRole('heading', { name: 'Operator sign-in', level: 1 }).waitFor();
    await page.getByLabel('Email, username or phone').fill(DEMO_OPERATOR.username);
    await page.getByLabel(/^Password/).fill(DEMO_OPERATOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    expect(pathOf(page)).toBe(path);
  }

  it('shows why a plan was switched off by an upstream’s cost, and the owner switches it back on (1280 px)', async () => {
    // MTN data goes to VTpass, then Clubkonnect; Clubkonnect's 2 GB now costs more than agents pay.
    expect(
      (await owner.call('PUT', '/api/v1/admin/routes/mtn-data', { upstreams: ['vtpass', 'clubkonnect'] })).status,
    ).toBe(200);
    expect((await owner.call('POST', '/api/v1/admin/upstreams/clubkonnect/plans/sync')).status).toBe(200);
    const changed = await fetch(
      `${server.url}/sandbox/clubkonnect/SandboxSetDataPlanPrice.asp?UserID=${CLUBKONNECT.userId}` +
        `&APIKey=${CLUBKONNECT.apiKey}&MobileNetwork=01&DataPlan=2000.0&Price=1500`,
    );
    expect(await changed.json()).toMatchObject({ status: 'PRICE_CHANGED' });
    const synced = await owner.call<{ data: { switchedOff: number } }>(
      'POST',
      '/api/v1/admin/upstreams/clubkonnect/plans/sync',
    );
    expect(synced.body.data.switchedOff).toBe(1);

    const { context, page, errors } = await openPage(browser, server.url, DESKTOP);
    await openConsole(page, '/admin/catalog', 'Catalogue');
    await page.getByRole('searchbox', { name: 'Search services' }).fill('MTN Data');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = page.getByRole('article', { name: 'MTN Data', exact: true });
    await card.getByRole('button', { name: 'Show plans of MTN Data' }).click();
    const plan = page
      .getByRole('list', { name: 'Plans of MTN Data' })
      .getByRole('article')
      .filter({ hasText: 'Code mtn-2gb-1500' });
    await plan
      .getByText('Switched off: clubkonnect charges ₦1,500.00 for it, above the Agent price of ₦1,455.00')
      .waitFor();
    await plan.getByText('Off sale').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The same on a 360 px phone.
    await page.setViewportSize(SMALL_PHONE);
    await plan.getByText(/^Switched off: clubkonnect charges/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);

    // The owner decides: back on sale (a new price would be set the same way, from the levels).
    await plan.getByRole('switch', { name: /on sale$/ }).click();
    await plan.getByText('On sale', { exact: true }).waitFor();
    await expect.poll(() => plan.getByText(/^Switched off:/).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    await owner.call('PUT', '/api/v1/admin/routes/mtn-data', { upstreams: [] });
  });

  it('lets an editor choose how a level’s prices follow the upstream’s, on a 360 px phone', async () => {
    const { context, page, errors } = await openPage(browser, server.url, SMALL_PHONE);
    await openConsole(page, '/admin/catalog/levels', 'Price levels');
    const level = page.getByRole('article', { name: 'Agent', exact: true });
    await level.getByText('its price moves in proportion: agents keep the same discount.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await level.getByRole('button', { name: 'Keep the margin instead for Agent' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Agent prices follow the upstream’s by the same naira.' })
      .waitFor();
    await level.getByText('its price moves by the same naira: agents keep the same margin.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Back again, by keyboard.
    await level.getByRole('button', { name: 'Keep the discount instead for Agent' }).focus();
    await page.keyboard.press('Enter');
    await level.getByText('its price moves in proportion: agents keep the same discount.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

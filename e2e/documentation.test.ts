import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { registerAgent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, launchChromium, openPage } from './support/chromium';
import { startServer, type RunningServer } from './support/server';
import { signIn } from './support/ui';

const SMALL_PHONE = { width: 360, height: 740 } as const;
const GUIDES = ['Authentication', 'Idempotency: requestId', 'Sandbox', 'Error codes', 'Rate limits', 'Webhooks'];

/** Every request the page makes, and those that leave the server's origin (there must be none). */
function recordRequests(page: Page, origin: string) {
  const all: string[] = [];
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    all.push(url);
    if (!url.startsWith('data:') && new URL(url).origin !== origin) outside.push(url);
  });
  return { all, outside };
}

/**
 * Swagger UI is a chunk of over a megabyte, parsed and rendered for every operation of the
 * document when the reference opens: a few seconds here, but on CI, with another test file
 * running beside this one (decision 024), it once took over the context's 15 s.
 */
const SWAGGER_RENDERED = { timeout: 45_000 } as const;

const referenceChunkLoaded = (urls: string[]) => urls.some((url) => /\/assets\/api-reference-[^/]+\.js$/.test(url));

describe.skipIf(!browserAvailable)('the documentation page in the browser', () => {
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

  it('guides with samples for this server, a language switch, the agent’s prices and the API reference, all from this origin', async () => {
    const agent = await registerAgent(server.url);
    const { context, page, errors } = await openPage(browser, server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const requests = recordRequests(page, server.url);
    await signIn(page, agent.username, agent.password);

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Documentation' }).click();
    await page.getByRole('heading', { name: 'Documentation', level: 1 }).waitFor();
    const main = page.getByRole('main');
    for (const guide of GUIDES) await main.getByRole('heading', { name: guide, level: 2 }).waitFor();

    // The samples call this server, in curl until another language is chosen.
    const balance = main.locator('figure').filter({ hasText: 'Get your wallet balance' });
    expect(await balance.locator('pre').innerText()).toContain(`curl -s "${server.url}/api/v1/reseller/balance"`);
    const buy = main.locator('figure').filter({ hasText: 'Buy airtime' });
    expect(await buy.locator('pre').innerText()).toContain('"requestId":"order-1001"');

    // One switch changes every sample, the webhook verification included (the tested file, verbatim).
    await balance.getByRole('tab', { name: 'Python' }).click();
    expect(await balance.getByRole('tab', { name: 'Python' }).getAttribute('aria-selected')).toBe('true');
    expect(await balance.locator('pre').innerText()).toContain('import requests');
    const verify = main.locator('figure').filter({ hasText: 'Verify a webhook signature' });
    expect(await verify.locator('pre').innerText()).toContain('def verify_webhook(raw_body, signature_header, secret');
    await verify.getByRole('tab', { name: 'JavaScript' }).click();
    const verifyJs = await verify.locator('pre').innerText();
    expect(verifyJs).toContain('export function verifyWebhook(rawBody, signatureHeader, secret');
    expect(await balance.locator('pre').innerText()).toContain(`await fetch('${server.url}/api/v1/reseller/balance'`);
    await verify.getByRole('button', { name: 'Copy code' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(verifyJs);

    // A guide is an anchor that works under the <base> tag.
    await main.getByRole('navigation', { name: 'Guides' }).getByRole('link', { name: 'Error codes' }).click();
    expect(new URL(page.url()).pathname).toBe('/documentation');
    expect(new URL(page.url()).hash).toBe('#errors');
    const errorTable = main.getByRole('table', { name: 'Error codes' });
    await errorTable.getByRole('row', { name: /RATE_LIMITED 429/ }).waitFor();
    await errorTable.getByRole('row', { name: /INSUFFICIENT_FUNDS 402/ }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The agent's own catalogue with their prices, searchable.
    await main.getByRole('tab', { name: 'Your prices' }).click();
    const services = main.getByRole('table', { name: 'Your API services and prices' });
    await services.waitFor();
    await main.getByLabel('Search services').fill('mtn data');
    const firstPlan = services.locator('tbody tr').first();
    await firstPlan
      .getByText(/^code: /)
      .filter({ visible: true })
      .waitFor();
    expect(await firstPlan.innerText()).toMatch(/₦[\d,]+\.\d{2}\s+₦[\d,]+\.\d{2}$/);
    await main.getByLabel('Search services').fill('no such plan anywhere');
    await main.getByText('No service or plan matches “no such plan anywhere”.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Swagger UI is fetched only now, from this origin, and renders the reseller API.
    expect(referenceChunkLoaded(requests.all)).toBe(false);
    await main.getByRole('tab', { name: 'API reference' }).click();
    const resellerPaths = page.locator('.opblock-summary-path[data-path^="/api/v1/reseller/"]');
    await resellerPaths.first().waitFor(SWAGGER_RENDERED);
    const paths = await resellerPaths.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-path')));
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/reseller/balance',
        '/api/v1/reseller/purchases',
        '/api/v1/reseller/purchases/{requestId}',
      ]),
    );
    expect(referenceChunkLoaded(requests.all)).toBe(true);
    await main.getByText(/\d+ reseller operations/).waitFor();
    // An operation opens with its responses.
    await page
      .locator('.opblock-summary-control', { has: page.locator('[data-path="/api/v1/reseller/balance"]') })
      .click();
    await page.locator('.opblock.is-open .responses-wrapper').first().waitFor();

    expect(requests.outside).toEqual([]);
    // Console errors include every CSP violation (a refused script, style, font or connection).
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 360 px phone, from the menu to the API reference', async () => {
    const agent = await registerAgent(server.url);
    const { context, page, errors } = await openPage(browser, server.url, SMALL_PHONE);
    const requests = recordRequests(page, server.url);
    await signIn(page, agent.username, agent.password);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Documentation' }).click();
    await page.getByRole('heading', { name: 'Documentation', level: 1 }).waitFor();
    const main = page.getByRole('main');
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

    await main.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(360);

    await main.getByRole('tab', { name: 'Your prices' }).click();
    await main.getByRole('table', { name: 'Your API services and prices' }).waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(360);

    await main.getByRole('tab', { name: 'API reference' }).click();
    await page.locator('.opblock-summary-path[data-path="/api/v1/reseller/balance"]').waitFor(SWAGGER_RENDERED);
    expect(await pageWidth()).toBeLessThanOrEqual(360);

    expect(requests.outside).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.skipIf(!browserAvailable)('the documentation page under a BASE_PATH', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ BASE_PATH: '/agents/' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens the reference from a deep link, keeps anchors under the base path and samples on /api', async () => {
    const agent = await registerAgent(server.url);
    const { context, page, errors } = await openPage(browser, server.url);
    const requests = recordRequests(page, server.url);
    await page.goto('/agents/documentation?tab=reference');
    await page.waitForURL('**/agents/login');
    await signIn(page, agent.username, agent.password);
    await page.locator('.opblock-summary-path[data-path="/api/v1/reseller/balance"]').waitFor(SWAGGER_RENDERED);
    expect(new URL(page.url()).pathname).toBe('/agents/documentation');
    expect(requests.all.filter((url) => url.endsWith('/api/v1/openapi.json'))).toEqual([
      `${server.url}/api/v1/openapi.json`,
    ]);
    expect(requests.all.some((url) => /\/agents\/assets\/api-reference-[^/]+\.js$/.test(url))).toBe(true);

    const main = page.getByRole('main');
    await main.getByRole('tab', { name: 'Guides' }).click();
    await main.getByRole('navigation', { name: 'Guides' }).getByRole('link', { name: 'Webhooks' }).click();
    expect(new URL(page.url()).pathname).toBe('/agents/documentation');
    expect(new URL(page.url()).hash).toBe('#webhooks');
    const balance = main.locator('figure').filter({ hasText: 'Get your wallet balance' });
    expect(await balance.locator('pre').innerText()).toContain(`"${server.url}/api/v1/reseller/balance"`);

    expect(requests.outside).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { registerAgent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, DESKTOP, launchChromium, openPage } from './support/chromium';
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

const referenceChunkLoaded = (urls: string[]) => urls.some((url) => /\/assets\/api-reference-[^/]+\.js$/.test(url));

/** An operation of the API reference, folded or not: its button is named by method, path and summary. */
function operation(page: Page, method: string, path: string) {
  const escaped = `${method} ${path}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return page.getByRole('button', { name: new RegExp(`^${escaped}( |$)`) });
}

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

    // The reference's chunk is fetched only now, from this origin, and renders the reseller API first.
    expect(referenceChunkLoaded(requests.all)).toBe(false);
    await main.getByRole('tab', { name: 'API reference' }).click();
    const reseller = main.getByRole('region', { name: 'Reseller API' });
    await operation(page, 'GET', '/api/v1/reseller/balance').waitFor();
    const operations = await reseller
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.textContent));
    for (const [method, path] of [
      ['GET', '/api/v1/reseller/balance'],
      ['POST', '/api/v1/reseller/purchases'],
      ['GET', '/api/v1/reseller/purchases/{requestId}'],
    ]) {
      expect(operations.some((name) => name?.startsWith(`${method} ${path} `))).toBe(true);
    }
    expect(referenceChunkLoaded(requests.all)).toBe(true);
    await main.getByText(/\d+ reseller operations/).waitFor();
    // Every operation of the document, once.
    const document = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ['get', 'put', 'post', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const shown = await main
      .getByRole('button', { name: /^(GET|PUT|POST|PATCH|DELETE) \// })
      .evaluateAll((buttons) => buttons.map((button) => button.textContent?.split(' ').slice(0, 2).join(' ')));
    expect(shown.toSorted()).toEqual(documented.toSorted());
    // An operation opens on its parameters, request body and responses, with their schemas.
    await operation(page, 'POST', '/api/v1/reseller/purchases').click();
    const purchase = main.getByRole('region', { name: /^POST \/api\/v1\/reseller\/purchases / });
    for (const part of ['Parameters', 'Request body (required)', 'Responses']) {
      await purchase.getByRole('heading', { name: part, level: 5 }).waitFor();
    }
    await purchase.getByText('Shape 1: service: "airtime"').waitFor();
    await purchase.getByRole('heading', { name: /^201 / }).waitFor();
    await purchase.getByRole('region', { name: /request: Airtime$/ }).waitFor();

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
    await operation(page, 'POST', '/api/v1/reseller/purchases').click();
    await main.getByRole('region', { name: /request: Airtime$/ }).waitFor();
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
    await operation(page, 'GET', '/api/v1/reseller/balance').waitFor();
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

// The app has one colour mode (light): when a dark mode comes, these checks run in both.
const VIEWPORTS = [
  { name: 'a 360 px phone', size: SMALL_PHONE },
  { name: 'a 1280 px desktop', size: DESKTOP },
] as const;
const LANGUAGES = ['curl', 'JavaScript', 'PHP', 'Python'];

/** Serious and critical axe violations of the page as it is now, named after the state it is in. */
async function expectNoViolations(page: Page, state: string) {
  expect(await seriousAxeViolations(page), state).toEqual([]);
}

/**
 * Presses Tab from where the focus is until every code block in `scope` has had it (or 400
 * presses), and on each block that overflows, ArrowRight must scroll it sideways. Answers the
 * labels of the blocks in the order Tab reached them, and how many of them scrolled.
 */
async function tabThroughCodeBlocks(page: Page, scope: ReturnType<Page['locator']>) {
  const blocks = await scope
    .locator('pre')
    .evaluateAll((elements) =>
      elements.map((block) => ({ label: block.getAttribute('aria-label'), tabIndex: block.getAttribute('tabindex') })),
    );
  // Chromium lets Tab reach a scroller that holds nothing focusable by itself; Safari and
  // Firefox's older releases do not: the block must be in the tab order of its own.
  expect(blocks.filter((block) => block.tabIndex !== '0')).toEqual([]);
  const labels = blocks.map((block) => block.label);
  const reached: (string | null)[] = [];
  let scrolled = 0;
  for (let press = 0; press < 400 && reached.length < labels.length; press++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      return element?.tagName === 'PRE'
        ? { label: element.getAttribute('aria-label'), overflows: element.scrollWidth > element.clientWidth }
        : null;
    });
    if (!focused) continue;
    reached.push(focused.label);
    if (!focused.overflows) continue;
    const scrollLeft = () => page.evaluate(() => document.activeElement?.scrollLeft ?? 0);
    const before = await scrollLeft();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(scrollLeft, { message: `${focused.label} scrolls sideways` }).toBeGreaterThan(before);
    scrolled += 1;
  }
  expect(reached).toEqual(labels);
  return { reached, scrolled };
}

describe.skipIf(!browserAvailable)('the documentation page for keyboard and screen reader users', () => {
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

  async function openDocumentation(size: { width: number; height: number }) {
    const agent = await registerAgent(server.url);
    const opened = await openPage(browser, server.url, size);
    await signIn(opened.page, agent.username, agent.password);
    return opened;
  }

  for (const viewport of VIEWPORTS) {
    it(`passes axe on ${viewport.name}: each guide, each sample language, the prices, the API reference with operations open`, async () => {
      const { context, page, errors } = await openDocumentation(viewport.size);
      await page.goto('/documentation');
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor();
      await expectNoViolations(page, 'the guides');

      const guides = main.getByRole('navigation', { name: 'Guides' });
      for (const guide of await guides.getByRole('link').allInnerTexts()) {
        const link = guides.getByRole('link', { name: guide });
        const { hash } = new URL((await link.getAttribute('href')) ?? '', server.url);
        await link.click();
        await page.waitForURL((url) => url.hash === hash);
        await expectNoViolations(page, `the ${guide} guide`);
      }

      const samples = main.locator('figure');
      for (const language of LANGUAGES) {
        await samples.first().getByRole('tab', { name: language }).click();
        expect(
          await samples.evaluateAll((figures) =>
            figures.map((figure) => figure.querySelector('[role="tab"][aria-selected="true"]')?.textContent),
          ),
        ).toEqual(Array(await samples.count()).fill(language));
        await expectNoViolations(page, `the samples in ${language}`);
      }

      await main.getByRole('tab', { name: 'Your prices' }).click();
      await main.getByRole('table', { name: 'Your API services and prices' }).waitFor();
      await expectNoViolations(page, 'your prices');

      await main.getByRole('tab', { name: 'API reference' }).click();
      await main.getByRole('heading', { name: 'Reseller API', level: 3 }).waitFor();
      await expectNoViolations(page, 'the API reference');
      await operation(page, 'POST', '/api/v1/reseller/purchases').click();
      await main.getByRole('region', { name: /request: Airtime$/ }).waitFor();
      await operation(page, 'GET', '/api/v1/reseller/transactions').click();
      await main
        .getByRole('region', { name: /^GET \/api\/v1\/reseller\/transactions / })
        .getByText('Responses')
        .waitFor();
      await expectNoViolations(page, 'the API reference with two operations open');

      expect(errors).toEqual([]);
      await context.close();
    }, 180_000);

    it(`on ${viewport.name}, Tab reaches every code block and the arrow keys scroll it sideways`, async () => {
      const { context, page } = await openDocumentation(viewport.size);
      await page.goto('/documentation');
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor();
      // From the top of the page, as a person would.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const guides = await tabThroughCodeBlocks(page, main);
      expect(guides.reached).toHaveLength(8);
      // On a phone every sample is wider than the screen: each one must have scrolled.
      if (viewport.size.width <= 360) expect(guides.scrolled).toBe(guides.reached.length);

      // The examples of an operation opened in the API reference, after its button.
      await main.getByRole('tab', { name: 'API reference' }).click();
      const purchase = operation(page, 'POST', '/api/v1/reseller/purchases');
      await purchase.click();
      const details = main.getByRole('region', { name: /^POST \/api\/v1\/reseller\/purchases / });
      await details.getByRole('region', { name: /request: Airtime$/ }).waitFor();
      await purchase.focus();
      const examples = await tabThroughCodeBlocks(page, details);
      expect(examples.reached.length).toBeGreaterThan(5);
      if (viewport.size.width <= 360) expect(examples.scrolled).toBeGreaterThan(0);
      await context.close();
    }, 120_000);
  }
});

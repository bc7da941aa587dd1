import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { registerAgent, storableSession, type Agent } from './support/api';
import { browserAvailable, launchChromium, openPage, PHONE } from './support/chromium';
import { startServer, type RunningServer } from './support/server';
import { pathOf, signIn, takenOver } from './support/ui';
import { fundWallet } from './support/wallet';

/** A page's text as the server sends it: tags dropped, entities of the brand's kind decoded. */
function textOf(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ');
}

/**
 * Holds the page's entry script (the app's, or the guest pages', decision 042) until `release`
 * is called: the page shows what the server sent (the prerendered markup) and nothing runs.
 */
async function holdEntry(context: BrowserContext): Promise<() => void> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(/\/assets\/(?:index|guest)-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The page's stylesheets have loaded: what is hidden or shown by them is settled. */
async function stylesLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].every((link) => link.sheet !== null),
  );
}

/** Stores what a previous visit would have left in this origin's localStorage. */
async function storeInBrowser(page: Page, items: Record<string, string>): Promise<void> {
  await page.goto('/login', { waitUntil: 'commit' });
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, items);
}

describe.skipIf(!browserAvailable)('pages prerendered at build time (decision 039)', () => {
  let server: RunningServer;
  let browser: Browser;
  let agent: Agent;
  let session: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    agent = await registerAgent(server.url);
    session = await storableSession(server.url, agent);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends /login, /register and /reset-password with their forms in the HTML, before any script', async () => {
    for (const [path, texts] of [
      [
        '/login',
        ['AgentDesk', 'Sign in', 'Email, username or phone', 'Password', 'Forgot password?', 'Create an account'],
      ],
      ['/register', ['Create an account', 'First name', 'Phone number', 'Confirm password', 'Sign in']],
      ['/reset-password', ['Forgot password?', 'Email or phone number']],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, {
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-encoding'), path).toBe('br');
      const html = await response.text();
      expect(html, path).toContain('data-prerendered="signed-out"');
      const text = textOf(html);
      for (const expected of texts) expect(text, path).toContain(expected);
      // The sign-in screens' stylesheets are in <head>, before the markup they style; the scripts
      // are added once the page has painted (no script element of its own to compete with them).
      expect(html.indexOf('rel="stylesheet"'), path).toBeLessThan(html.indexOf('<body'));
      expect(html, path).not.toMatch(/<script type="module"|rel="modulepreload"/);
      // The guest pages' small entry (decision 042), not the app's.
      expect(html, path).toMatch(/requestAnimationFrame[\s\S]*"assets\/guest-[\w-]+\.js"/);
      expect(html, path).not.toMatch(/assets\/(?:index|app-core)-/);
    }
    const login = await (await fetch(`${server.url}/login`)).text();
    expect(login).toContain('<title>Sign in | AgentDesk</title>');
    expect(login).toMatch(/<form class="auth-form"[^>]*>[\s\S]*<input[^>]*name="identifier"/);
    expect(login).toContain('href="/register"');
  });

  it('sends the dashboard’s frame, with no one’s data, for the home and every other signed-in page', async () => {
    for (const path of ['/', '/dashboard/default', '/user/transactions', '/services/airtime', '/documentation']) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html, path).toMatch(/<div id="root" data-prerendered="signed-in" inert>/);
      const text = textOf(html);
      for (const expected of ['AgentDesk', 'Dashboard', 'Airtime', 'Fund Wallet', 'Transactions']) {
        expect(text, path).toContain(expected);
      }
      expect(html, path).toMatch(/requestAnimationFrame[\s\S]*"assets\/index-[\w-]+\.js"/);
      expect(html, path).toContain('aria-label="Toggle menu"');
      expect(html, path).toContain('aria-label="Account menu"');
      for (const personal of [agent.firstName, agent.username, agent.email, 'Welcome back']) {
        expect(text, `${path}: ${personal}`).not.toContain(personal);
      }
      // Its MUI styles, in a stylesheet of their own: hashed, cached for good, compressed.
      const stylesheet =
        /<link rel="stylesheet" crossorigin href="\.\/(assets\/prerendered-[\w-]+\.css)" data-prerendered-css>/.exec(
          html,
        )?.[1];
      expect(stylesheet, path).toBeDefined();
      const css = await fetch(`${server.url}/${stylesheet}`, { headers: { 'accept-encoding': 'br' } });
      expect(css.headers.get('content-encoding'), path).toBe('br');
      expect(css.headers.get('cache-control'), path).toContain('immutable');
      expect(await css.text(), path).toContain('font-family:var(--app-font)');
    }
    // The home holds its own screen, loading: its heading and its quick-buy links.
    const home = textOf(await (await fetch(`${server.url}/`)).text());
    expect(home).toContain('Wallet balance');
    expect(home).toContain('Quick buy');
    // A page that is not prerendered is index.html with an empty root.
    const admin = await (await fetch(`${server.url}/admin/agents`)).text();
    expect(admin).toContain('<div id="root"></div>');
  });

  it('shows the sign-in form and the dashboard’s frame without JavaScript', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    for (const label of ['Email, username or phone', 'Password']) {
      expect(await page.getByLabel(label, { exact: true }).isVisible(), label).toBe(true);
    }
    expect(await page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    // Nothing submits the form before the app has arrived: the password never goes into an address.
    expect(await page.getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');

    await page.goto('/');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.getByRole('banner').getByText('AgentDesk').isVisible()).toBe(true);
    await context.close();
  });

  it('hydrates /login: what was typed before the app arrived stays, in the same input, and signs in', async () => {
    const { context, page, errors } = await openPage(browser, server.url, PHONE);
    const release = await holdEntry(context);
    await page.goto('/login', { waitUntil: 'commit' });
    const identifier = page.getByLabel('Email, username or phone');
    await identifier.fill(agent.username);
    await identifier.evaluate((input) => (input.dataset.typedBefore = 'yes'));
    expect(await page.getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(true);

    release();
    await takenOver(page);
    const submit = page.getByRole('button', { name: 'Sign in' });
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('button[type=submit]')?.disabled);
    // Hydrated, not replaced: the very element typed into, with its text.
    expect(await identifier.getAttribute('data-typed-before')).toBe('yes');
    expect(await identifier.inputValue()).toBe(agent.username);

    await page.getByLabel('Password', { exact: true }).fill(agent.password);
    await submit.click();
    await page.getByText(`Welcome back, ${agent.firstName}`).waitFor();
    expect(pathOf(page)).toBe('/');
    // A markup that did not match would have been reported (React's recoverable errors).
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws the prerendered pages with the stored font and corner radius before the app arrives', async () => {
    const { context, page, errors } = await openPage(browser, server.url, PHONE);
    await storeInBrowser(page, {
      agentdesk_customization: JSON.stringify({ fontFamily: 'Poppins, sans-serif', borderRadius: 4 }),
    });
    const release = await holdEntry(context);
    await page.goto('/login', { waitUntil: 'commit' });
    const title = page.getByRole('heading', { name: 'Sign in', level: 1 });
    await title.waitFor();
    await stylesLoaded(page);
    expect(await title.evaluate((element) => getComputedStyle(element).fontFamily)).toBe('Poppins, sans-serif');
    expect(await page.locator('.auth-card').evaluate((element) => getComputedStyle(element).borderRadius)).toBe('4px');

    await storeInBrowser(page, { user_session: session });
    await page.goto('/', { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { name: 'Dashboard', level: 1 });
    await heading.waitFor();
    await stylesLoaded(page);
    expect(await heading.evaluate((element) => getComputedStyle(element).fontFamily)).toBe('Poppins, sans-serif');
    // The frame is drawn but does nothing until the app has taken over.
    expect(await page.locator('#root').getAttribute('inert')).toBe('');

    release();
    await page.getByText(`Welcome back, ${agent.firstName}`).waitFor();
    await takenOver(page);
    expect(await heading.evaluate((element) => getComputedStyle(element).fontFamily)).toBe('Poppins, sans-serif');
    // The prerendered styles stay and serve the app (decision 048): emotion took the names the page
    // listed as inserted, and wrote none of those rules again.
    expect(await page.locator('link[data-prerendered-css]').count()).toBe(1);
    const { listed, rewritten, written } = await page.evaluate(() => {
      const names = (document.querySelector('style[data-emotion^="css "]')?.getAttribute('data-emotion') ?? '')
        .split(' ')
        .slice(1);
      const selectors = [...document.querySelectorAll('style[data-emotion]')]
        .flatMap((style) => [...((style as HTMLStyleElement).sheet?.cssRules ?? [])])
        .map((rule) => (rule as CSSStyleRule).selectorText ?? '');
      return {
        listed: names.length,
        rewritten: names.filter((name) => selectors.some((selector) => selector.includes(`.css-${name}`))),
        written: selectors.length,
      };
    });
    expect(listed).toBeGreaterThan(50);
    expect(rewritten).toEqual([]);
    // The app wrote what the prerendered page did not have (the signed-in agent's own parts).
    expect(written).toBeGreaterThan(0);
    expect(await page.locator('#root').getAttribute('inert')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says at once when the screen’s code cannot be fetched, and shows the screen once it arrives', async () => {
    const { context, page } = await openPage(browser, server.url, PHONE);
    let blocked = true;
    await context.route(/\/assets\/login-route-[\w-]+\.js$/, (route) =>
      blocked ? route.abort('internetdisconnected') : route.continue(),
    );
    const began = Date.now();
    await page.goto('/login', { waitUntil: 'commit' });
    const trouble = page.getByRole('alert').filter({ hasText: 'Could not load this screen. Check your connection.' });
    await trouble.waitFor({ timeout: 5_000 });
    expect(Date.now() - began).toBeLessThan(5_000);

    blocked = false;
    await trouble.getByRole('button', { name: 'Retry' }).click();
    await trouble.waitFor({ state: 'detached' });
    await signIn(page, agent.username, agent.password);
    await page.getByText(`Welcome back, ${agent.firstName}`).waitFor();
    await context.close();
  });

  it('shows a new agent’s first steps before the app’s code has arrived, and the app asks nothing again (decision 047)', async () => {
    const { context, page } = await openPage(browser, server.url, PHONE);
    await storeInBrowser(page, { user_session: session });
    const release = await holdEntry(context);
    let summaryRequests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/agent/dashboard/summary') summaryRequests += 1;
    });
    await page.goto('/', { waitUntil: 'commit' });
    const steps = page.getByRole('region', { name: 'Welcome! Your first sale is two steps away' });
    // Drawn from the page's own markup: the app's entry is still held.
    await steps.waitFor();
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('signed-in');
    expect(await page.getByRole('status', { name: 'Loading your dashboard' }).isVisible()).toBe(false);
    // Not funded: the first step is to do, with its link.
    expect(await steps.getByText('(done)').count()).toBe(0);
    expect(await steps.getByRole('link', { name: 'Report a transfer' }).isVisible()).toBe(true);
    expect(summaryRequests).toBe(1);

    release();
    await takenOver(page);
    await page.getByText(`Welcome back, ${agent.firstName}`).waitFor();
    await steps.getByRole('link', { name: 'Buy airtime' }).click();
    await page.getByRole('heading', { name: 'Airtime', level: 1 }).waitFor();
    expect(summaryRequests).toBe(1);
    await context.close();
  });

  it('draws an agent’s balance and unread notes before the app’s code has arrived, and the app asks for none of them again (decision 049)', async () => {
    // An agent with money and a note about it (the approval's "Wallet funded").
    const funded = await registerAgent(server.url);
    await fundWallet(server.url, funded, '25000');
    const { context, page, errors } = await openPage(browser, server.url, PHONE);
    await storeInBrowser(page, { user_session: await storableSession(server.url, funded) });
    const release = await holdEntry(context);
    const asked = new Map<string, number>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) {
        const key = `${url.pathname}${url.search}`;
        asked.set(key, (asked.get(key) ?? 0) + 1);
      }
    });
    await page.goto('/', { waitUntil: 'commit' });

    // Drawn from the page's own markup: the app's entry is still held.
    const notes = page.getByRole('region', { name: '1 unread notification' });
    await notes.waitFor();
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('signed-in');
    expect(await notes.getByText('Wallet funded', { exact: true }).isVisible()).toBe(true);
    expect(await notes.getByText(/₦25,000\.00/).isVisible()).toBe(true);
    // One note: the other rows the page holds are gone.
    expect(await notes.locator('li').count()).toBe(1);
    const balance = page.getByLabel('Wallet balance');
    expect(await balance.getByText('₦25,000.00', { exact: true }).isVisible()).toBe(true);
    // Funded, not yet sold: the first steps, the first done, drawn with them below the notes.
    const steps = page.getByRole('region', { name: 'Welcome! Your first sale is two steps away' });
    expect(await steps.getByText('(done)').count()).toBe(1);
    const noteBox = await notes.boundingBox();
    const stepsBox = await steps.boundingBox();
    expect(stepsBox!.y).toBeGreaterThan(noteBox!.y + noteBox!.height);
    const before = await notes.evaluate((section) => section.getBoundingClientRect().toJSON() as DOMRect);

    release();
    await takenOver(page);
    await page.getByText(`Welcome back, ${funded.firstName}`).waitFor();
    // The app draws the same in the same place, and asked for nothing the page had asked for.
    const after = page.getByRole('region', { name: '1 unread notification' });
    await after.getByText('Wallet funded', { exact: true }).waitFor();
    const moved = await after.evaluate((section) => section.getBoundingClientRect().toJSON() as DOMRect);
    expect({ y: moved.y, height: moved.height }).toEqual({ y: before.y, height: before.height });
    expect(await balance.getByText('₦25,000.00', { exact: true }).isVisible()).toBe(true);
    for (const path of [
      '/api/v1/agent/dashboard/summary',
      '/api/v1/agent/wallet/balance',
      '/api/v1/agent/notify/unread-count',
      '/api/v1/agent/notify?limit=10',
    ]) {
      expect([path, asked.get(path)]).toEqual([path, 1]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hides a page drawn for the other kind of visitor until the app has sent them on', async () => {
    // Signed in, on /login: no sign-in form, then the home.
    const signedIn = await openPage(browser, server.url, PHONE);
    await storeInBrowser(signedIn.page, { user_session: session });
    const release = await holdEntry(signedIn.context);
    await signedIn.page.goto('/login', { waitUntil: 'commit' });
    await signedIn.page.locator('#root[data-prerendered="signed-out"]').waitFor({ state: 'attached' });
    await stylesLoaded(signedIn.page);
    expect(await signedIn.page.getByRole('heading', { name: 'Sign in' }).isVisible()).toBe(false);
    release();
    await signedIn.page.getByText(`Welcome back, ${agent.firstName}`).waitFor();
    expect(pathOf(signedIn.page)).toBe('/');
    await signedIn.context.close();

    // Signed out (a new browser profile), on a signed-in page: no frame, then /login.
    const { context, page } = await openPage(browser, server.url, PHONE);
    const releaseFrame = await holdEntry(context);
    await page.goto('/user/transactions', { waitUntil: 'commit' });
    await page.locator('#root[data-prerendered="signed-in"]').waitFor({ state: 'attached' });
    await stylesLoaded(page);
    expect(await page.getByRole('button', { name: 'Toggle menu' }).isVisible()).toBe(false);
    releaseFrame();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    // Sent on with the page wanted: signing in returns there.
    await signIn(page, agent.username, agent.password);
    await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/user/transactions');
    await context.close();
  });

  it('lets a guest page go between the sign-in screens without the app, and fetches the app once the form is used (decision 042)', async () => {
    const { context, page, errors } = await openPage(browser, server.url, PHONE);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/login');
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('button[type=submit]')?.disabled);
    await page.waitForLoadState('networkidle');
    // The guest entry only: neither the app's entry nor its core.
    expect(scripts.some((path) => /\/assets\/guest-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.filter((path) => /\/assets\/(?:index|app-core)-/.test(path))).toEqual([]);

    // Its links show the other screens in the same page, with their address, title and Back.
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create an account', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/register');
    expect(await page.title()).toBe('Create an account | AgentDesk');
    await page.goBack();
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

    // Using the page (a click, a focus) fetches the app meanwhile; signing in hands the page over to it, toast and all.
    await page.getByLabel('Email, username or phone').fill(agent.username);
    await expect.poll(() => scripts.some((path) => /\/assets\/app-core-[\w-]+\.js$/.test(path))).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(agent.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByText(`Welcome back, ${agent.firstName}`).waitFor();
    expect(pathOf(page)).toBe('/');
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

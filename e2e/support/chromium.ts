import { existsSync, statSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (apt), or CHROMIUM_PATH. Playwright's own browsers are never downloaded. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const found = existsSync(CHROMIUM_PATH) && statSync(CHROMIUM_PATH).isFile();
const required = process.env.REQUIRE_BROWSER === '1';

/**
 * Whether the browser tests run. Without Chromium they are skipped, loudly; with
 * REQUIRE_BROWSER=1 they run anyway and fail, so CI can never pass by skipping them.
 */
export const browserAvailable = found || required;

if (!found) {
  console.warn(
    [
      '',
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      `!! Chromium not found at ${CHROMIUM_PATH}.`,
      required
        ? '!! REQUIRE_BROWSER=1: the browser tests will run and FAIL.'
        : '!! The browser tests are SKIPPED. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.',
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      '',
    ].join('\n'),
  );
}

export async function launchChromium(): Promise<Browser> {
  if (!found) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const PHONE = { width: 375, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors and console errors the page produced (CSP violations show up here). */
  errors: string[];
}

/** A fresh context (empty storage) and page on the app, at the given viewport. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<OpenedPage> {
  const context = await browser.newContext({ baseURL, viewport });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { context, page, errors };
}

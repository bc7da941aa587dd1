import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { latestResetCode, registerAgent, type Agent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, DESKTOP, launchChromium, openPage } from './support/chromium';
import { agentToken } from './support/operator';
import { DEMO_AGENT, startServer, type RunningServer } from './support/server';
import { enterPin, signIn } from './support/ui';

/** The smallest phone agents sell from, and the desktop. */
const VIEWPORTS = [
  { name: '360 px phone', size: { width: 360, height: 740 }, phone: true },
  { name: '1280 px desktop', size: DESKTOP, phone: false },
] as const;

/**
 * The signed-in screens and their headings (routes.tsx, /documentation aside: its own file
 * checks it). `ready` waits for what the screen loads, so the screen is checked with its data.
 */
const SIGNED_IN: { path: string; heading: string; ready?: (page: Page) => Promise<void> }[] = [
  { path: '/', heading: 'Dashboard', ready: (page) => page.getByRole('region', { name: 'Today' }).waitFor() },
  {
    path: '/user/transactions',
    heading: 'Transactions',
    ready: (page) => page.getByRole('list', { name: 'Transactions' }).getByRole('listitem').first().waitFor(),
  },
  { path: '/wallet/fund', heading: 'Fund Wallet' },
  {
    path: '/user/referral',
    heading: 'My Referral',
    ready: (page) => page.getByRole('list', { name: 'Referred agents' }).waitFor(),
  },
  { path: '/user/banks', heading: 'Bank Accounts' },
  { path: '/user/customers', heading: 'Saved Customers' },
  { path: '/user/profile', heading: 'Profile' },
  { path: '/more/support', heading: 'Support' },
  { path: '/services/data', heading: 'Data' },
  { path: '/services/airtime', heading: 'Airtime' },
  { path: '/services/electricity', heading: 'Electricity Bill' },
  { path: '/services/cable', heading: 'Cable Subscription' },
  { path: '/services/result-checker', heading: 'Result Checker' },
  { path: '/developer/api-keys', heading: 'API Keys' },
  { path: '/developer/webhooks', heading: 'Webhooks' },
  { path: '/no-such-page', heading: 'Page not found' },
];

/** The first successful electricity purchase of the demo agent's history: a receipt with a token. */
async function receiptPath(baseUrl: string): Promise<string> {
  const token = await agentToken(baseUrl, DEMO_AGENT.username, DEMO_AGENT.password);
  const response = await fetch(`${baseUrl}/api/v1/agent/transactions?limit=50`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await response.json()) as {
    data: { id: string; transactionType: string; status: string; service: string | null }[];
  };
  const purchase = data.find(
    (row) => row.transactionType === 'purchase' && row.status === 'success' && /electric/.test(row.service ?? ''),
  );
  if (!purchase) throw new Error('the demo history has no electricity purchase');
  return `/user/transactions/${purchase.id}/receipt`;
}

/**
 * Closes the toasts on screen, as a click on each does: axe leaves them out, but waits for
 * their two-second timers (animations) to end before it checks the page. Clicked in the page,
 * so a toast that closes by itself meanwhile is no error.
 */
async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('.Toastify__toast');
  await toasts.first().waitFor();
  await toasts.evaluateAll((elements) => elements.forEach((element) => (element as HTMLElement).click()));
  await toasts.first().waitFor({ state: 'detached' });
}

/**
 * Every screen of the dashboard, and what a person opens on them (menus, drawers, dialogs),
 * passes axe-core's serious and critical rules on a 360 px phone and on a desktop. One
 * browser, one context per viewport: the guest screens first, then signed in as the demo
 * agent, whose history fills every list. Each failure names the screen and the viewport;
 * soft assertions let one run list them all.
 *
 * The dashboard has one theme, a light one: the customization holds a `navType` (spec
 * section 3) but nothing sets it, and the sign-in screens are styled apart from MUI.
 */
describe.skipIf(!browserAvailable)('accessibility of every screen (axe-core)', () => {
  let server: RunningServer;
  let browser: Browser;
  let receipt: string;
  const forgetful: Agent[] = [];

  beforeAll(async () => {
    server = await startServer();
    [browser, receipt] = await Promise.all([launchChromium(), receiptPath(server.url)]);
    forgetful.push(...(await Promise.all(VIEWPORTS.map(() => registerAgent(server.url)))));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Checks the page as it is now, under the name `state`, softly: the walk goes on. */
  async function check(page: Page, state: string, viewport: string): Promise<void> {
    // Two frames: a transition just asked for has started, and axe waits for it to end.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect.soft(await seriousAxeViolations(page), `${state} on a ${viewport}`).toEqual([]);
  }

  /**
   * Opens `path` and waits for its heading, then for what it loads: a screen whose data is still
   * coming says so (a skeleton, a spinner, `aria-busy`), or a colour could change under axe.
   */
  async function visit(page: Page, path: string, heading: string, ready?: (page: Page) => Promise<void>) {
    await page.goto(path);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    await ready?.(page);
    // Nothing still loading in the screen: no skeleton, spinner or busy list.
    await page.waitForFunction(
      () => !document.querySelector('main .MuiSkeleton-root, main [role="progressbar"], main [aria-busy="true"]'),
    );
  }

  for (const [index, viewport] of VIEWPORTS.entries()) {
    it(`passes on every screen and in every menu, drawer and dialog on a ${viewport.name}`, async () => {
      const { context, page } = await openPage(browser, server.url, viewport.size);
      const at = (state: string) => check(page, state, viewport.name);

      // Signed out: the sign-in screens, and the reset of a forgotten password to its last step.
      await visit(page, '/register', 'Create an account');
      await at('/register');
      await visit(page, '/reset-password', 'Forgot password?');
      await at('/reset-password');
      const agent = forgetful[index]!;
      await page.getByLabel('Email or phone number').fill(agent.email);
      await page.getByRole('button', { name: 'Send reset code' }).click();
      await page.getByRole('heading', { name: 'Enter your code', level: 1 }).waitFor();
      await dismissToasts(page);
      await at('/otp-reset-password');
      await page.getByLabel('6-digit code').fill(await latestResetCode(server.url, agent.email));
      await page.getByRole('button', { name: 'Verify code' }).click();
      await page.getByLabel('New password', { exact: true }).waitFor();
      await dismissToasts(page);
      await at('/complete-reset-password');
      await visit(page, '/login', 'Sign in');
      await at('/login');

      await signIn(page, DEMO_AGENT.username, DEMO_AGENT.password);
      for (const { path, heading, ready } of SIGNED_IN) {
        await visit(page, path, heading, ready);
        await at(path);
      }
      await visit(page, receipt, 'Receipt', (page) => page.getByRole('article').waitFor());
      await at('/user/transactions/:id/receipt');

      // What opens on top of the screens.
      await visit(page, '/user/transactions', 'Transactions');
      await page.getByRole('list', { name: 'Transactions' }).getByRole('button').first().click();
      await page.getByRole('dialog', { name: 'Transaction details' }).waitFor();
      await at('the transaction details dialog');
      await page.keyboard.press('Escape');

      await visit(page, '/services/airtime', 'Airtime', (page) =>
        page
          .getByRole('main')
          .getByText(/^Balance: ₦/)
          .waitFor(),
      );
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Enter an amount').waitFor();
      await at("a purchase form's errors");
      await page.getByLabel('Phone number').fill('08031234567');
      await page.getByRole('button', { name: '₦500' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
      await confirm.waitFor();
      await enterPin(confirm, DEMO_AGENT.pin);
      await at('the confirm purchase dialog');
      await confirm.getByRole('button', { name: /^Pay / }).click();
      await page.getByRole('heading', { name: 'Successful' }).waitFor();
      await at('a successful purchase');

      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('dialog', { name: /notifications/i }).waitFor();
      await at('the notifications panel');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: /notifications/i }).waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: /account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Account Settings' }).waitFor();
      await at('the account menu');
      if (viewport.phone) {
        await page.getByRole('menuitem', { name: 'Account Settings' }).click();
      } else {
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'hidden' });
        await page.getByRole('button', { name: 'Open theme customization' }).click();
      }
      await page.getByRole('heading', { name: 'Theme Customization' }).waitFor();
      await at('the theme customization drawer');
      await page.getByRole('button', { name: 'Close settings' }).click();
      await page.getByRole('heading', { name: 'Theme Customization' }).waitFor({ state: 'hidden' });

      if (viewport.phone) {
        await page.getByRole('button', { name: 'Toggle menu' }).click();
        await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
        await at('the navigation drawer');
      }
      await context.close();
    });
  }
});

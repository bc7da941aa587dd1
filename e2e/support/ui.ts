import type { Locator, Page } from 'playwright-core';
import { AGENT_PIN } from './api';

/** Signs in through the login screen, as a person would, and waits for the protected area. */
export async function signIn(page: Page, identifier: string, password: string): Promise<void> {
  if (!new URL(page.url()).pathname.endsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email, username or phone').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /account menu/ }).waitFor();
}

/** Waits for a toast with exactly this text. */
export async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.Toastify').getByText(text, { exact: true }).waitFor();
}

/** The stored session, as the app keeps it in localStorage. */
export async function storedSession(page: Page): Promise<{ token: string; user: { username: string } } | null> {
  const raw = await page.evaluate(() => window.localStorage.getItem('user_session'));
  return raw ? (JSON.parse(raw) as { token: string; user: { username: string } }) : null;
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * The page's errors besides Chromium's own line for an answer the test provoked on purpose
 * ("Failed to load resource: the server responded with a status of 409 (Conflict)").
 */
export function besides(errors: string[], ...statuses: number[]): string[] {
  return errors.filter((error) => !statuses.some((status) => error.includes(`a status of ${status} `)));
}

/** Types the transaction PIN in a purchase's confirmation (AGENT_PIN unless said), as the agent would. */
export async function enterPin(dialog: Locator, pin: string = AGENT_PIN): Promise<void> {
  await dialog.getByLabel('Transaction PIN').fill(pin);
}

/**
 * The app has taken the prerendered page over (take-over-page.ts): until then an element found on
 * the page may be the prerendered one, which the take-over replaces (and a replaced element has no
 * computed style).
 */
export async function takenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getElementById('root')?.dataset.prerendered === undefined);
}

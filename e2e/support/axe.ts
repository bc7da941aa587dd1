import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Runs axe-core in the page and answers the serious and critical violations, each as a
 * readable line, once finite animations have ended. Toasts are left out: they come and go on
 * their own timers (a toast fading out is half-transparent whenever the page is checked).
 * Evaluated through the DevTools protocol, so the page's CSP (no inline script) does not
 * block it.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Colours are judged at rest: a dialog or tooltip still fading in is half-transparent.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: { exclude: string[] }) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run({ exclude: ['.Toastify'] });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`,
    );
}

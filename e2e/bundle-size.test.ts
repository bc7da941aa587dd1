import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = fileURLToPath(new URL('../scripts/bundle-size.mjs', import.meta.url));

interface SizeReport {
  budgetKiB: { '/login': number; 'home chart': number };
  pages: { page: string; gzipKiB: number; withDeferredGzipKiB: number }[];
  chartGzipKiB: number;
}

// Needs only the build (npm test builds first), not a browser.
describe('bundle size', () => {
  it('keeps the JavaScript of /login within 150 KiB gzipped', async () => {
    const { stdout } = await run(process.execPath, [script, '--json']).catch(
      (error: { stdout?: string; stderr?: string }) => {
        throw new Error(`bundle-size failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
      },
    );
    const report = JSON.parse(stdout) as SizeReport;
    expect(report.budgetKiB['/login']).toBe(150);
    const login = report.pages.find((page) => page.page === '/login');
    expect(login?.gzipKiB).toBeGreaterThan(50); // the check really measured something
    expect(login?.gzipKiB).toBeLessThanOrEqual(150);
    // The home's chart is its own chunk, fetched after the home paints (decision 021).
    expect(report.chartGzipKiB).toBeGreaterThan(5);
    expect(report.chartGzipKiB).toBeLessThanOrEqual(report.budgetKiB['home chart']);
    console.log(report.pages.map((page) => `${page.page}: ${page.gzipKiB} KiB gz`).join(', '));
  });
});

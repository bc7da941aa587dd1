import { vi } from 'vitest';

/**
 * Gives the page a clipboard whose `writeText` answers as `writeText` says (jsdom has none of
 * its own), and returns the mock. Undo with `vi.unstubAllGlobals()`.
 */
export function stubClipboard(writeText: (text: string) => Promise<void> = () => Promise.resolve()) {
  const mock = vi.fn(writeText);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: mock } });
  return mock;
}

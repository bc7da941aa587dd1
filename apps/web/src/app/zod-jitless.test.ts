import { describe, expect, it } from 'vitest';

describe('zod in the browser bundle', () => {
  it('is jitless once zod-jitless.ts has run first, so the CSP never sees its eval probe', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // An object schema made afterwards parses without compiling a parser.
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});

/**
 * zod 4 compiles its object parsers with `new Function`, after a probe that the CSP
 * (script-src 'self', no 'unsafe-eval') refuses and reports as a violation on every page.
 * Jitless mode skips both. It must be set before any schema is created: main.tsx imports this
 * module first.
 *
 * This is what `z.config({ jitless: true })` does, without importing zod into the /login entry
 * chunk (its bundle budget): zod keeps its settings in this global, shared by every copy of it,
 * and adopts an object already there (zod-jitless.test.ts checks that it still does).
 */
const shared = globalThis as { __zod_globalConfig?: Record<string, unknown> };
shared.__zod_globalConfig ??= {};
shared.__zod_globalConfig.jitless = true;

export {};

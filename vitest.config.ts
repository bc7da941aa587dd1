import { defineConfig } from 'vitest/config';

// Workspace packages are read from their TypeScript source (the `source` export condition),
// so tests never run against a stale build of the contract.
const sourceCondition = {
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
};

/**
 * One test run, several projects:
 * - contract: the zod schemas;
 * - server-pglite: API tests over real HTTP on embedded PGlite (always);
 * - server-postgres: the same files on a real PostgreSQL, when TEST_DATABASE_URL is set;
 * - web: React units in jsdom;
 * - browser: Playwright driving Debian's Chromium against the built app and a real server.
 */
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine,
    // and a suite that mostly waits (on HTTP, PostgreSQL, Chromium) run one file at a time.
    // Three files at once, browser files among the others (decision 024): with two, the two
    // cores were busy 54 % of the run (20.5 CPU-minutes in 19); with three, 70 % and the run
    // 16 minutes instead of 19 with more tests. A project with one worker would run in a group
    // of its own, after all the rest. (Four, tried on 2026-11-28, made the run no shorter: each
    // file's imports took half as long again on the same two cores.)
    maxWorkers: 3,
    projects: [
      {
        ...sourceCondition,
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] },
      },
      {
        ...sourceCondition,
        test: {
          name: 'server-pglite',
          include: ['apps/server/src/**/*.test.ts'],
          // What only a real PostgreSQL has (a listening connection of its own that can drop).
          exclude: ['apps/server/src/**/*.postgres.test.ts'],
          globalSetup: ['apps/server/src/test/pglite-snapshot.setup.ts'],
          env: { TEST_DB: 'pglite' },
          // Each file starts its own app (startTestApp) and nothing is mocked: a worker imports
          // the server's modules once for all its files instead of once per file (the suite's
          // imports were 485 CPU-seconds, most of them these projects').
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              ...sourceCondition,
              test: {
                name: 'server-postgres',
                include: ['apps/server/src/**/*.test.ts'],
                env: { TEST_DB: 'postgres' },
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      'apps/web/vitest.config.ts',
      {
        ...sourceCondition,
        test: {
          name: 'browser',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/first-start.setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

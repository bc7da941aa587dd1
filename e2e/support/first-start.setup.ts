import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { browserAvailable } from './chromium';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded database after a real first start of the built server, made once per run. */
    firstStartDataDir: string | undefined;
  }
}

/**
 * Global setup of the browser project: starts the built server once on an empty DATA_DIR,
 * as `npm start` does on a fresh clone (initdb, migrations, demo accounts, catalogue sync,
 * demo history), stops it, and hands the directory to every file's `startServer`, which
 * starts from a copy (about two seconds instead of five or six).
 */
export default async function setup(project: TestProject) {
  project.provide('firstStartDataDir', undefined);
  if (!browserAvailable) return;
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    // Without the demo's routes: the browser tests assume VTpass alone unless they set a route
    // (e2e/admin-upstreams.test.ts does, and demo-routes.test.ts tests the demo's).
    server = await startServer({ SEED_DEMO_ROUTES: '0' }, { firstStart: true });
  } catch (error) {
    // Reported again by each file's own startServer (a missing build, most likely).
    console.warn(`The first-start template could not be made: ${(error as Error).message}`);
    return;
  }
  await server.stop();
  project.provide('firstStartDataDir', server.dataDir);
  return () => rmSync(server.dataDir, { recursive: true, force: true });
}

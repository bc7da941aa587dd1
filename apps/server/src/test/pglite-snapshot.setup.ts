import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../db/migrate.js';
import { openPgliteDatabase } from '../db/pglite-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of an embedded database with every migration applied, made once per run. */
    pgliteSnapshot: string;
  }
}

/**
 * Global setup of the server-pglite project: migrates one in-memory PGlite from empty and
 * dumps it, so each test file's database loads that tarball (half a second) instead of
 * running initdb and every migration again (three to four seconds). The migrations still run
 * from empty on every test run, here and in migrate.test.ts.
 */
export default async function setup(project: TestProject) {
  const db = await openPgliteDatabase();
  await migrate(db);
  const tarball = await db.dumpDataDir();
  await db.close();
  const dir = await mkdtemp(join(tmpdir(), 'agentdesk-pglite-'));
  const file = join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rm(dir, { recursive: true, force: true });
}

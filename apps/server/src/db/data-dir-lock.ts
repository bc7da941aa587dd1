import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirBusyError extends Error {
  constructor(dataDir: string) {
    super(
      `The embedded database in ${dataDir} is in use by a running AgentDesk server. ` +
        'Stop it first, or use the commands that go through the server (npm run admin -- help).',
    );
    this.name = 'DataDirBusyError';
  }
}

/**
 * PGlite belongs to one process: whoever opens DATA_DIR holds this lock until it exits,
 * so a second server or a direct operator command can never open it at the same time.
 * Answers the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, 'agentdesk.lock'),
      stale: 15_000,
      update: 5_000,
      realpath: false,
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') throw new DataDirBusyError(dataDir);
    throw error;
  }
}

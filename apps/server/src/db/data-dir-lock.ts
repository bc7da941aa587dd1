import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

/** A lock not refreshed for this long belongs to a process that died. */
const STALE_MS = 10_000;

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
 * Answers the release function. The lock is refreshed every 3 s; one left by a killed process
 * goes stale after 10 s.
 */
export async function lockDataDir(
  dataDir: string,
  options: { waitForStale?: boolean } = {},
): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, 'agentdesk.lock'),
      stale: STALE_MS,
      update: 3_000,
      realpath: false,
      // A server restarting after a crash finds its own dead lock: it waits for it to go stale.
      ...(options.waitForStale ? { retries: { retries: 12, minTimeout: 1_000, maxTimeout: 2_000, factor: 1 } } : {}),
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') throw new DataDirBusyError(dataDir);
    throw error;
  }
}

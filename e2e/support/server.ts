import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_MAIN = join(ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = join(ROOT, 'apps/web/dist/index.html');
/** What main.ts prints once its first-start work (catalogue, demo accounts and history) is done, with its address. */
const STARTED_BANNER = / is running at (http:\/\/127\.0\.0\.1:\d+)/;

export const DEMO_AGENT = { username: 'demo', password: 'DemoAgent#2026', pin: '1234' } as const;
export const DEMO_OPERATOR = { username: 'operator', password: 'Operator#2026' } as const;
export const SUPPORT_WHATSAPP = '2348012345678';

export interface RunningServer {
  url: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Waits until the server has printed its banner (start-up work done) and /api/health answers at
 * the address the banner names; answers that address. The server listens on a port the system
 * chose (PORT=0), so no other process can take it between a probe and the server's listen.
 */
async function waitUntilStarted(
  child: ChildProcess,
  printed: () => string,
  output: () => string,
  timeoutMs = 60_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    const url = STARTED_BANNER.exec(printed())?.[1];
    if (url) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) return url;
      } catch {
        // Not answering yet.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not start within ${timeoutMs / 1000} s:\n${output()}`);
}

/**
 * Starts the built server (apps/server/dist) serving the built app (apps/web/dist) on a free
 * port, and waits until it has started. Its embedded database is a copy of the one the
 * browser project's global setup made with a real first start (first-start.setup.ts), so
 * each file skips initdb, migrations and seeding; without it, `DATA_DIR` starts empty.
 * `firstStart` (that global setup) starts on an empty directory and keeps it after `stop`.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { firstStart?: boolean } = {},
): Promise<RunningServer & { dataDir: string }> {
  for (const file of [SERVER_MAIN, WEB_INDEX]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" first`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'agentdesk-e2e-'));
  const template = options.firstStart ? undefined : inject('firstStartDataDir');
  if (template) cpSync(template, dataDir, { recursive: true });
  let log = '';
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SUPPORT_WHATSAPP,
      // Every browser test comes from 127.0.0.1: the per-IP sign-in limit would trip.
      AUTH_IP_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log.slice(-4000);

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!options.firstStart) rmSync(dataDir, { recursive: true, force: true });
  };

  let url: string;
  try {
    url = await waitUntilStarted(child, () => log, output);
  } catch (error) {
    await stop();
    // A first start that failed leaves nothing worth keeping.
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return { url, output, stop, dataDir };
}

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, stopped, waitFor } from './server-process.js';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface SandboxProcess {
  /** The upstream's base URL, for UPSTREAM_BASE_URL. */
  baseUrl: string;
  /** Ends the process (what it held in memory is gone, as at an upstream that lost it). */
  stop(): Promise<void>;
  /** Starts it again on the same port, with nothing in memory. */
  restart(): Promise<void>;
}

/** The keys the sandbox expects unless told otherwise. */
export const SANDBOX_KEYS = { apiKey: 'sandbox-api-key', publicKey: 'PK_sandbox', secretKey: 'SK_sandbox' } as const;

/**
 * The upstream sandbox as a process of its own (src/sandbox-main.ts), so that it outlives the
 * servers a test starts and stops, as a real upstream does, and keeps what it was sold.
 */
export async function startSandboxProcess(env: Record<string, string> = {}): Promise<SandboxProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}/sandbox/vtpass/api/`;
  let child: ReturnType<typeof spawn> | undefined;
  const start = async () => {
    child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/sandbox-main.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', SANDBOX_PORT: String(port), ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(
      async () => ((await fetch(`${baseUrl}service-categories`, { headers: publicHeaders })).ok ? true : undefined),
      60_000,
      'the sandbox process',
      100,
    );
  };
  const stop = async () => {
    if (!child) return;
    const ending = child;
    child = undefined;
    ending.kill('SIGKILL');
    await stopped(ending);
  };
  await start();
  return {
    baseUrl,
    stop,
    async restart() {
      await stop();
      await start();
    },
  };
}

const publicHeaders = { 'api-key': SANDBOX_KEYS.apiKey, 'public-key': SANDBOX_KEYS.publicKey };

/** A call to the sandbox as the provider makes it (POST, with the secret key). */
export async function callSandbox(baseUrl: string, path: 'pay' | 'requery', body: Record<string, unknown>) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'api-key': SANDBOX_KEYS.apiKey,
      'secret-key': SANDBOX_KEYS.secretKey,
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: string; response_description?: string };
}

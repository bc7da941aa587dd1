import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export interface SavedSession {
  url: string;
  token: string;
}

/** Where `admin login` keeps the operator token, readable by this user only. */
export function sessionFile(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME ?? join(env.HOME ?? homedir(), '.config');
  return join(base, 'agentdesk', 'admin-session.json');
}

export async function readSession(env: NodeJS.ProcessEnv): Promise<SavedSession | undefined> {
  try {
    return JSON.parse(await readFile(sessionFile(env), 'utf8')) as SavedSession;
  } catch {
    return undefined;
  }
}

export async function saveSession(env: NodeJS.ProcessEnv, session: SavedSession): Promise<void> {
  const file = sessionFile(env);
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, JSON.stringify(session), { mode: 0o600 });
}

export async function forgetSession(env: NodeJS.ProcessEnv): Promise<void> {
  await rm(sessionFile(env), { force: true });
}

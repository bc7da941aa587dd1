import { parseArgs } from 'node:util';
import { operatorLogin, operatorLogout } from '@agentdesk/contract/admin/auth';
import { ConfigError, loadConfig } from '../config.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import type { Database } from '../db/database.js';
import { openDatabase } from '../db/open-database.js';
import { AppError } from '../lib/app-error.js';
import { ApiError, callEndpoint } from './api-client.js';
import { forgetSession, readSession, saveSession } from './admin-session.js';
import { CommandFailed, UsageError, type AdminCommand, type AdminIo, type CommandContext } from './command.js';
import { ALL_COMMANDS } from './commands/all-commands.js';

export type { AdminIo } from './command.js';

function helpText(commands: AdminCommand[]): string {
  const line = (command: AdminCommand) =>
    `  ${command.name.padEnd(22)}${command.summary}${command.usage ? `\n  ${''.padEnd(22)}${command.usage}` : ''}`;
  return [
    'AgentDesk operator tool',
    '',
    'Usage: npm run admin -- <command> [options]',
    '',
    'Commands that go through the running server (operator API):',
    ...commands.filter((command) => !command.direct).map(line),
    '',
    'Commands that open the database directly (only while no server holds the embedded database):',
    ...commands.filter((command) => command.direct).map(line),
    '',
    `  ${'help'.padEnd(22)}Show this help`,
    '',
    'Environment: AGENTDESK_URL (default http://127.0.0.1:$PORT, PORT default 3000),',
    'AGENTDESK_ADMIN_TOKEN, AGENTDESK_ADMIN_IDENTIFIER, AGENTDESK_ADMIN_PASSWORD, and the',
    "server's own DATABASE_URL / DATA_DIR for the direct commands.",
  ].join('\n');
}

/** Runs one operator command; answers the process exit code (0 done, 1 refused, 2 misused). */
export async function runAdmin(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: AdminIo,
  commands = ALL_COMMANDS,
): Promise<number> {
  const help = helpText(commands);
  const first = argv[0] ?? 'help';
  if (first === 'help' || first === '--help' || first === '-h') {
    io.out(help);
    return 0;
  }
  // Names may be two words ("funding approve"): the longest match wins.
  const command = commands
    .filter((candidate) => candidate.name.split(' ').every((word, i) => argv[i] === word))
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (!command) {
    io.err(`Unknown command: ${argv.slice(0, 2).join(' ')}\n\n${help}`);
    return 2;
  }
  const words = command.name.split(' ').length;

  let flags: Record<string, string | undefined>;
  try {
    const options = {
      ...Object.fromEntries([...(command.options ?? []), 'url'].map((option) => [option, { type: 'string' as const }])),
      ...Object.fromEntries((command.switches ?? []).map((name) => [name, { type: 'boolean' as const }])),
    };
    const parsed = parseArgs({ args: argv.slice(words), options, allowPositionals: false, strict: true });
    // A switch given is 'true'; the commands read flags as text.
    flags = Object.fromEntries(
      Object.entries(parsed.values).map(([name, value]) => [
        name,
        value === true ? 'true' : typeof value === 'string' ? value : undefined,
      ]),
    );
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${help}`);
    return 2;
  }

  const baseUrl = flags.url ?? env.AGENTDESK_URL ?? `http://127.0.0.1:${env.PORT ?? '3000'}`;

  async function login(identifier: string, password: string): Promise<string> {
    const { data } = await callEndpoint(baseUrl, operatorLogin, { body: { identifier, password } });
    await saveSession(env, { url: baseUrl, token: data.authorization.token });
    return data.authorization.token;
  }

  async function token(): Promise<string> {
    if (env.AGENTDESK_ADMIN_TOKEN) return env.AGENTDESK_ADMIN_TOKEN;
    const saved = await readSession(env);
    if (saved && saved.url === baseUrl) return saved.token;
    if (env.AGENTDESK_ADMIN_IDENTIFIER && env.AGENTDESK_ADMIN_PASSWORD) {
      return login(env.AGENTDESK_ADMIN_IDENTIFIER, env.AGENTDESK_ADMIN_PASSWORD);
    }
    throw new UsageError('Not signed in. Run: npm run admin -- login --identifier <operator> --password <password>');
  }

  const context: CommandContext = {
    flags,
    env,
    io,
    baseUrl,
    call: async (endpoint, options = {}) => callEndpoint(baseUrl, endpoint, { ...options, token: await token() }),
    withDatabase: (work) => withDirectDatabase(env, work),
    login: async (identifier, password) => void (await login(identifier, password)),
    async logout() {
      const saved = await readSession(env);
      if (saved) await callEndpoint(saved.url, operatorLogout, { token: saved.token }).catch(() => undefined);
      await forgetSession(env);
    },
  };

  try {
    await command.run(context);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message);
      return 2;
    }
    if (error instanceof CommandFailed) return 1;
    if (error instanceof ApiError) {
      const details = error.body.errors?.map((field) => `  ${field.path}: ${field.message}`).join('\n');
      io.err(details ? `${error.message}\n${details}` : error.message);
      return 1;
    }
    if (error instanceof AppError || error instanceof ConfigError || (error as Error).name === 'DataDirBusyError') {
      io.err((error as Error).message);
      return 1;
    }
    throw error;
  }
}

/**
 * Opens the server's database for a command that runs while no server is up. The embedded
 * database is locked first: if a server holds it, the command stops instead of corrupting it.
 */
async function withDirectDatabase(env: NodeJS.ProcessEnv, work: (db: Database) => Promise<void>): Promise<void> {
  const config = loadConfig(env);
  const release = config.database.kind === 'pglite' ? await lockDataDir(config.database.dataDir) : undefined;
  const db = await openDatabase(config);
  try {
    await work(db);
  } finally {
    await db.close();
    await release?.();
  }
}

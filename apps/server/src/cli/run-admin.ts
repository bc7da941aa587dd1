import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { createAgent } from '@agentdesk/contract/admin/create-agent';
import { operatorLogin, operatorLogout } from '@agentdesk/contract/admin/operator-login';
import { listOutbox } from '@agentdesk/contract/admin/outbox';
import { ZCreateAgentRequest } from '@agentdesk/contract/admin/create-agent';
import { ConfigError, loadConfig } from '../config.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { openDatabase } from '../db/open-database.js';
import { createAccountsService } from '../modules/auth/accounts.service.js';
import { createMailService } from '../modules/mail/mail.service.js';
import { systemClock } from '../lib/clock.js';
import { AppError } from '../lib/app-error.js';
import { ApiError, callEndpoint } from './api-client.js';
import { forgetSession, readSession, saveSession } from './admin-session.js';

export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

const HELP = `AgentDesk operator tool

Usage: npm run admin -- <command> [options]

Commands that go through the running server (operator API):
  login            Sign in as an operator and remember the session
                     --identifier <email|username|phone>  --password <password>
                     (or AGENTDESK_ADMIN_IDENTIFIER / AGENTDESK_ADMIN_PASSWORD)
  logout           Sign out and forget the saved session
  create-agent     Create an agent account; prints a generated password unless --password is given
                     --first-name --last-name --username --email --phone [--password]
  outbox           Print the latest emails of the development outbox
                     [--to <email>] [--limit <1-100>, default 10]

Commands that open the database directly (only while no server holds the embedded database):
  migrate          Apply pending SQL migrations
  create-operator  Create an operator account (the first one, typically)
                     --first-name --last-name --username --email --phone --password

  help             Show this help

Environment: AGENTDESK_URL (default http://127.0.0.1:$PORT, PORT default 3000),
AGENTDESK_ADMIN_TOKEN, AGENTDESK_ADMIN_IDENTIFIER, AGENTDESK_ADMIN_PASSWORD, and the
server's own DATABASE_URL / DATA_DIR for the direct commands.`;

const OPTIONS = {
  identifier: { type: 'string' },
  password: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  username: { type: 'string' },
  email: { type: 'string' },
  phone: { type: 'string' },
  to: { type: 'string' },
  limit: { type: 'string' },
  url: { type: 'string' },
} as const;

class UsageError extends Error {}

/** Runs one operator command; answers the process exit code. */
export async function runAdmin(argv: string[], env: NodeJS.ProcessEnv, io: AdminIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  const [command = 'help', ...rest] = parsed.positionals;
  const flags = parsed.values;
  if (rest.length > 0) {
    io.err(`Unexpected argument: ${rest[0]}`);
    return 2;
  }
  const baseUrl = flags.url ?? env.AGENTDESK_URL ?? `http://127.0.0.1:${env.PORT ?? '3000'}`;

  async function token(): Promise<string> {
    if (env.AGENTDESK_ADMIN_TOKEN) return env.AGENTDESK_ADMIN_TOKEN;
    const saved = await readSession(env);
    if (saved && saved.url === baseUrl) return saved.token;
    if (env.AGENTDESK_ADMIN_IDENTIFIER && env.AGENTDESK_ADMIN_PASSWORD) {
      return login(env.AGENTDESK_ADMIN_IDENTIFIER, env.AGENTDESK_ADMIN_PASSWORD);
    }
    throw new UsageError('Not signed in. Run: npm run admin -- login --identifier <operator> --password <password>');
  }

  async function login(identifier: string, password: string): Promise<string> {
    const { data } = await callEndpoint(baseUrl, operatorLogin, { body: { identifier, password } });
    await saveSession(env, { url: baseUrl, token: data.authorization.token });
    return data.authorization.token;
  }

  try {
    switch (command) {
      case 'help':
        io.out(HELP);
        return 0;
      case 'login': {
        const identifier = flags.identifier ?? env.AGENTDESK_ADMIN_IDENTIFIER;
        const password = flags.password ?? env.AGENTDESK_ADMIN_PASSWORD;
        if (!identifier || !password) throw new UsageError('login needs --identifier and --password');
        await login(identifier, password);
        io.out(`Signed in to ${baseUrl}.`);
        return 0;
      }
      case 'logout': {
        const saved = await readSession(env);
        if (saved) await callEndpoint(saved.url, operatorLogout, { token: saved.token }).catch(() => undefined);
        await forgetSession(env);
        io.out('Signed out.');
        return 0;
      }
      case 'create-agent': {
        const { data } = await callEndpoint(baseUrl, createAgent, { token: await token(), body: accountFlags(flags) });
        io.out(`Created agent ${data.user.username} (${data.user.email}, ${data.user.phone}).`);
        if (data.generatedPassword) io.out(`Password (shown once): ${data.generatedPassword}`);
        return 0;
      }
      case 'outbox': {
        const { data } = await callEndpoint(baseUrl, listOutbox, {
          token: await token(),
          query: { limit: flags.limit ? Number(flags.limit) : 10, ...(flags.to ? { to: flags.to } : {}) },
        });
        if (data.length === 0) io.out('The outbox is empty.');
        for (const email of data) {
          io.out(
            `--- ${email.createdAt}  [${email.status}]  to ${email.to}\nSubject: ${email.subject}\n\n${email.text ?? '(text erased after delivery)'}\n`,
          );
        }
        return 0;
      }
      case 'migrate':
        return await withDirectDatabase(env, io, async (db) => {
          const applied = await migrate(db);
          io.out(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
        });
      case 'create-operator': {
        const fields = accountFlags(flags);
        if (!fields.password) throw new UsageError('create-operator needs --password');
        return await withDirectDatabase(env, io, async (db) => {
          await migrate(db);
          const parsed = ZCreateAgentRequest.safeParse(fields);
          if (!parsed.success)
            throw new UsageError(
              parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`).join('\n'),
            );
          const log = pino({ level: 'silent' });
          const accounts = createAccountsService({
            db,
            clock: systemClock,
            mail: createMailService({ db, clock: systemClock, log, from: 'cli' }),
          });
          const user = await accounts.create({ ...parsed.data, password: parsed.data.password!, role: 'operator' });
          io.out(`Created operator ${user.username}.`);
        });
      }
      default:
        io.err(`Unknown command: ${command}\n\n${HELP}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message);
      return 2;
    }
    if (error instanceof ApiError) {
      const details = error.body.errors?.map((field) => `  ${field.path}: ${field.message}`).join('\n');
      io.err(details ? `${error.message}\n${details}` : error.message);
      return 1;
    }
    if (error instanceof AppError || error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}

function accountFlags(flags: Record<string, string | boolean | undefined>) {
  const text = (name: string) => (typeof flags[name] === 'string' ? flags[name] : undefined);
  return {
    firstName: text('first-name') ?? '',
    lastName: text('last-name') ?? '',
    username: text('username') ?? '',
    email: text('email') ?? '',
    phone: text('phone') ?? '',
    ...(text('password') ? { password: text('password') } : {}),
  };
}

/**
 * Opens the server's database for a command that runs while no server is up. The embedded
 * database is locked first: if a server holds it, the command stops instead of corrupting it.
 */
async function withDirectDatabase(
  env: NodeJS.ProcessEnv,
  io: AdminIo,
  work: (db: Database) => Promise<void>,
): Promise<number> {
  const config = loadConfig(env);
  let release: (() => Promise<void>) | undefined;
  try {
    release = config.database.kind === 'pglite' ? await lockDataDir(config.database.dataDir) : undefined;
  } catch (error) {
    io.err((error as Error).message);
    return 1;
  }
  const db = await openDatabase(config);
  try {
    await work(db);
    return 0;
  } finally {
    await db.close();
    await release?.();
  }
}

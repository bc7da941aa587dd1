import type { Endpoint, EndpointBody, EndpointData, EndpointQuery } from '@agentdesk/contract/endpoint';
import type { Database } from '../db/database.js';

export interface AdminIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** What a command gets: its flags, output, the operator API, and (direct commands) the database. */
export interface CommandContext {
  flags: Record<string, string | undefined>;
  env: NodeJS.ProcessEnv;
  io: AdminIo;
  baseUrl: string;
  /** Calls the operator API as the signed-in operator. */
  call: <E extends Endpoint>(
    endpoint: E,
    options?: { body?: EndpointBody<E>; query?: EndpointQuery<E>; params?: Record<string, string> },
  ) => Promise<{ message: string; data: EndpointData<E>; meta?: { nextCursor: string | null } }>;
  /** Opens the database directly, behind the data-dir lock (commands that run with no server). */
  withDatabase: (work: (db: Database) => Promise<void>) => Promise<void>;
  /** Saves or forgets the operator session. */
  login: (identifier: string, password: string) => Promise<void>;
  logout: () => Promise<void>;
}

/** One operator command; `options` are its string flags, `direct` ones open the database themselves. */
export interface AdminCommand {
  name: string;
  summary: string;
  /** Extra help lines (flags). */
  usage?: string;
  options?: readonly string[];
  /** Flags without a value (`--force`): 'true' when given. */
  switches?: readonly string[];
  direct?: boolean;
  run(context: CommandContext): Promise<void>;
}

/** A problem with how the command was called: exit code 2. */
export class UsageError extends Error {}

/** The command ran and found something wrong, which it has printed: exit code 1. */
export class CommandFailed extends Error {}

export function requireFlag(flags: Record<string, string | undefined>, name: string): string {
  const value = flags[name];
  if (!value) throw new UsageError(`Missing --${name}`);
  return value;
}

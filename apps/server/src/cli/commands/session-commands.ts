import type { AdminCommand } from '../command.js';
import { UsageError } from '../command.js';

export const sessionCommands: AdminCommand[] = [
  {
    name: 'login',
    summary: 'Sign in as an operator and remember the session',
    usage:
      '--identifier <email|username|phone> --password <password> (or AGENTDESK_ADMIN_IDENTIFIER / AGENTDESK_ADMIN_PASSWORD)',
    options: ['identifier', 'password'],
    async run({ flags, env, io, baseUrl, login }) {
      const identifier = flags.identifier ?? env.AGENTDESK_ADMIN_IDENTIFIER;
      const password = flags.password ?? env.AGENTDESK_ADMIN_PASSWORD;
      if (!identifier || !password) throw new UsageError('login needs --identifier and --password');
      await login(identifier, password);
      io.out(`Signed in to ${baseUrl}.`);
    },
  },
  {
    name: 'logout',
    summary: 'Sign out and forget the saved session',
    async run({ io, logout }) {
      await logout();
      io.out('Signed out.');
    },
  },
];

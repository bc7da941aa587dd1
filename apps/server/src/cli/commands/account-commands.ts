import { pino } from 'pino';
import { createAgent, ZCreateAgentRequest } from '@agentdesk/contract/admin/agents';
import { migrate } from '../../db/migrate.js';
import { systemClock } from '../../lib/clock.js';
import { createAccountsService } from '../../modules/auth/accounts.service.js';
import { createMailService } from '../../modules/mail/mail.service.js';
import { createOperatorsService } from '../../modules/operators/operators.service.js';
import { UsageError, type AdminCommand } from '../command.js';

const ACCOUNT_OPTIONS = ['first-name', 'last-name', 'username', 'email', 'phone', 'password'] as const;

function accountFlags(flags: Record<string, string | undefined>) {
  return {
    firstName: flags['first-name'] ?? '',
    lastName: flags['last-name'] ?? '',
    username: flags.username ?? '',
    email: flags.email ?? '',
    phone: flags.phone ?? '',
    ...(flags.password ? { password: flags.password } : {}),
  };
}

export const accountCommands: AdminCommand[] = [
  {
    name: 'create-agent',
    summary: 'Create an agent account; prints a generated password unless --password is given',
    usage: '--first-name --last-name --username --email --phone [--password]',
    options: ACCOUNT_OPTIONS,
    async run({ flags, io, call }) {
      const { data } = await call(createAgent, { body: accountFlags(flags) });
      io.out(`Created agent ${data.user.username} (${data.user.email}, ${data.user.phone}).`);
      if (data.generatedPassword) io.out(`Password (shown once): ${data.generatedPassword}`);
    },
  },
  {
    name: 'create-operator',
    summary: 'Create the first operator, an owner, while no operator exists; prints a generated password once',
    usage:
      '--first-name --last-name --username --email --phone [--password] (owners invite the others: operators invite)',
    options: ACCOUNT_OPTIONS,
    direct: true,
    async run({ flags, io, withDatabase }) {
      const parsed = ZCreateAgentRequest.safeParse(accountFlags(flags));
      if (!parsed.success) {
        throw new UsageError(
          parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`).join('\n'),
        );
      }
      const { password, ...fields } = parsed.data;
      await withDatabase(async (db) => {
        await migrate(db);
        const log = pino({ level: 'silent' });
        const mail = createMailService({ db, clock: systemClock, log, from: 'cli' });
        const accounts = createAccountsService({ db, clock: systemClock, mail });
        // Only what creating the first owner needs: it sends no email and builds no link.
        const operators = createOperatorsService({
          db,
          clock: systemClock,
          mail,
          accounts,
          publicUrl: undefined,
          basePath: '/',
          brandName: 'AgentDesk',
        });
        const created = await operators.createFirstOwner(fields, password);
        io.out(`Created operator ${created.operator.username}, role owner.`);
        if (!password) io.out(`Password (shown once): ${created.password}`);
      });
    },
  },
];

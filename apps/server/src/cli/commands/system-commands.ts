import { getHealthDetails } from '@agentdesk/contract/admin/health';
import { listOutbox } from '@agentdesk/contract/admin/outbox';
import { migrate } from '../../db/migrate.js';
import { CommandFailed, type AdminCommand } from '../command.js';

export const systemCommands: AdminCommand[] = [
  {
    name: 'health',
    summary: "The server's readiness, database and version; exits 1 unless ready",
    async run({ io, call }) {
      const { message, data } = await call(getHealthDetails);
      io.out(
        [
          `Status:   ${data.status} (${message})`,
          `Database: ${data.database.kind}, ${data.database.reachable ? 'reachable' : 'unreachable'}`,
          `Version:  ${data.version}`,
        ].join('\n'),
      );
      if (data.status !== 'ok') throw new CommandFailed(message);
    },
  },
  {
    name: 'outbox',
    summary: 'Print the latest emails of the development outbox',
    usage: '[--to <email>] [--limit <1-100>, default 10]',
    options: ['to', 'limit'],
    async run({ flags, io, call }) {
      const { data } = await call(listOutbox, {
        query: { limit: flags.limit ? Number(flags.limit) : 10, ...(flags.to ? { to: flags.to } : {}) },
      });
      if (data.length === 0) io.out('The outbox is empty.');
      for (const email of data) {
        io.out(
          `--- ${email.createdAt}  [${email.status}]  to ${email.to}\nSubject: ${email.subject}\n\n${email.text ?? '(text erased after delivery)'}\n`,
        );
      }
    },
  },
  {
    name: 'migrate',
    summary: 'Apply pending SQL migrations',
    direct: true,
    async run({ io, withDatabase }) {
      await withDatabase(async (db) => {
        const applied = await migrate(db);
        io.out(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
      });
    },
  },
];
